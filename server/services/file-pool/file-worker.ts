// A file worker thread: runs the browser's parsers (workers/lib) on uploads so the server's event loop stays free.
import { parentPort } from 'node:worker_threads';
import { parseCsvBytes } from '../../../workers/lib/csv-parse';
import { FileParseError } from '../../../workers/lib/file-errors';
import { RESULT_BATCH, type FileTask, type WorkerMessage } from './protocol';

const port = parentPort;
if (!port) throw new Error('file-worker.ts runs only as a worker thread');

const send = (message: WorkerMessage) => port.postMessage(message);

port.on('message', (task: FileTask) => {
  try {
    const parsed = parseCsvBytes(task.bytes, task.columns, { maxRows: task.maxRows });
    for (let i = 0; i < parsed.rows.length; i += RESULT_BATCH) send({ kind: 'rows', rows: parsed.rows.slice(i, i + RESULT_BATCH) });
    for (let i = 0; i < parsed.errors.length; i += RESULT_BATCH) send({ kind: 'errors', errors: parsed.errors.slice(i, i + RESULT_BATCH) });
    send({ kind: 'done', headers: parsed.headers, warnings: parsed.warnings });
  } catch (e) {
    send({ kind: 'fail', message: e instanceof Error ? e.message : String(e), user: e instanceof FileParseError });
  }
});
