// Session events (renewal failures and the like) kept for support: the last 50, newest last.
export interface SessionEventRecord {
  at: string;
  kind: 'renew-failed' | 'sign-in-failed' | 'signed-out';
  detail: string;
}

const events: SessionEventRecord[] = [];

export function recordSessionEvent(kind: SessionEventRecord['kind'], detail: string): void {
  events.push({ at: new Date().toISOString(), kind, detail });
  if (events.length > 50) events.shift();
}
