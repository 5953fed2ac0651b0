// A file worker thread: runs the browser's parsers (src/codec) on uploads so the server's event loop stays free.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { parseCsvBytes } from '../../../src/codec/csv-parse';
import { FileParseError } from '../../../src/codec/file-errors';
import { RESULT_BATCH, type FileTask, type WorkerMessage } from './protocol';

const port = parentPort;
if (!port) throw new Error('file-worker.ts runs only as a worker thread');

const send = (message: WorkerMessage) => port.postMessage(message);

/**
 * This thread's Linux id, or null elsewhere. Niceness is per thread on Linux, so lowering this one leaves the event
 * loop's thread at its priority: on a busy machine the parse waits, requests do not.
 */
function threadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}
const tid = threadId();
if (tid !== null) {
  try {
    setPriority(tid, Math.min(19, getPriority(tid) + 10));
  } catch {
    // Not allowed here: the parse runs at the server's priority.
  }
}

port.on('message', (task: FileTask) => {
  try {
    const parsed = parseCsvBytes(task.bytes, task.columns, { maxRows: task.maxRows });
    for (let i = 0; i < parsed.rows.length; i += RESULT_BATCH)
      send({ kind: 'rows', rows: parsed.rows.slice(i, i + RESULT_BATCH) });
    for (let i = 0; i < parsed.errors.length; i += RESULT_BATCH)
      send({ kind: 'errors', errors: parsed.errors.slice(i, i + RESULT_BATCH) });
    send({ kind: 'done', headers: parsed.headers, warnings: parsed.warnings });
  } catch (e) {
    send({ kind: 'fail', message: e instanceof Error ? e.message : String(e), user: e instanceof FileParseError });
  }
});
