// Session events (renewal failures and the like) kept in memory for support: the last 50, newest last.
export type SessionEventKind = 'signed-in' | 'renew-failed' | 'silent-empty' | 'sign-in-failed' | 'signed-out';

export interface SessionEventRecord {
  at: string;
  kind: SessionEventKind;
  detail: string;
}

const LIMIT = 50;
const events: SessionEventRecord[] = [];

export function recordSessionEvent(kind: SessionEventKind, detail: string, at: Date = new Date()): void {
  events.push({ at: at.toISOString(), kind, detail });
  if (events.length > LIMIT) events.splice(0, events.length - LIMIT);
}

export function sessionEvents(): readonly SessionEventRecord[] {
  return events;
}

export function clearSessionEvents(): void {
  events.length = 0;
}
