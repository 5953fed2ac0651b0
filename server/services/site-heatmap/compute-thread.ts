// The heatmap compute thread: answers each posted day with its tile (server/services/puff-thread-host.ts).
import { servePuffRuns } from '../puff-thread-host';
import { computeTile } from './tile';

servePuffRuns(computeTile, (result) => (result.meanPpm ? [result.meanPpm.buffer as ArrayBuffer] : []));
