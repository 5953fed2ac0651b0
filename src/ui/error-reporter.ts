// Render crashes are kept for the error-reporting service; until one is configured they stay in memory.
export interface ReportedError {
  at: string;
  message: string;
  stack: string;
}
const reported: ReportedError[] = [];

export function reportError(error: unknown, componentStack = ''): void {
  const e = error instanceof Error ? error : new Error(String(error));
  reported.push({ at: new Date().toISOString(), message: e.message, stack: `${e.stack ?? ''}\n${componentStack}` });
  if (reported.length > 20) reported.shift();
}
