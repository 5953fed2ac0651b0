// The time range of a chart or map read, checked once for every such read (spec 2 §7 'Chart data').
import { MINUTE_MS, rangeProblem } from '@/domain/chart-data';
import { DomainError } from './errors';

export function checkedRange(q: { startTime: string; endTime: string }): { start: number; end: number } {
  const start = Date.parse(q.startTime);
  const end = Date.parse(q.endTime);
  // A range may end a little after the server's now (clocks differ); charts cap the end at now themselves.
  const problem = rangeProblem(start, end, Date.now() + 5 * MINUTE_MS);
  if (problem) throw new DomainError('Invalid', problem);
  return { start, end };
}
