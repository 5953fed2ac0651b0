// Basemap worker: basemap files and inspection KMZs to georeferenced images, off the UI thread.
// Cancellation and time bounds are enforced by the page terminating this worker (src/compute/file-jobs.ts),
// which also stops a decode that never returns.
import * as Comlink from 'comlink';
import { parseBasemapFiles, type InputFile } from '../src/codec/basemap';
import { canvasImageOps } from '../src/codec/canvas-image-ops';
import type { ProgressCallback } from '../src/codec/file-errors';
import { readInspectionKmz } from '../src/codec/inspection-kmz';

// Two images may share one buffer (a subarray of the upload); a transfer list must not name a buffer twice.
const transferables = (bytes: Uint8Array[]) => [...new Set(bytes.map((b) => b.buffer as ArrayBuffer))];

const api = {
  async parseBasemap(files: InputFile[], onProgress?: ProgressCallback) {
    const parsed = await parseBasemapFiles(files, canvasImageOps, { onProgress });
    return Comlink.transfer(parsed, transferables([parsed.image.bytes]));
  },
  async readInspectionKmz(bytes: Uint8Array, onProgress?: ProgressCallback) {
    const result = await readInspectionKmz(bytes, canvasImageOps, { onProgress });
    return Comlink.transfer(result, transferables(result.inspections.flatMap((d) => (d.image ? [d.image.bytes] : []))));
  },
};

export type BasemapWorkerApi = typeof api;
Comlink.expose(api);
