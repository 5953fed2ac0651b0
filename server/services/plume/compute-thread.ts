// The plume compute thread: answers each posted run with its frame sheet (server/services/puff-thread-host.ts).
import { servePuffRuns } from '../puff-thread-host';
import { runPlume } from './frames';

servePuffRuns(runPlume, (result) => (result.ok ? [result.png.buffer as ArrayBuffer] : []));
