// Test page for tests/e2e/file-workers.test.ts: drives the real file workers (OffscreenCanvas, module workers,
// transfers, termination) from a page and shows each resulting image so a screenshot can be checked by eye.
import { fileJobs, runFileJob, type FileJobOptions } from '../../../src/compute/file-jobs';
import type { CsvColumn } from '../../../src/domain/csv-column';
import { canvasImageOps } from '../../../src/codec/canvas-image-ops';
import { fitImageToLimit } from '../../../src/codec/recompress';

type Outcome<T> =
  | { ok: true; value: T; progress: number[]; ms: number }
  | { ok: false; name: string; message: string; progress: number[]; ms: number };

interface ImageSummary {
  bytes: number;
  mime: string;
  width: number;
  height: number;
  /** Share of pixels at least half opaque, from a decode of the encoded bytes. */
  opaqueShare: number;
  meanGrey: number;
}

async function fixture(path: string, type = ''): Promise<File> {
  const res = await fetch(`/fixtures/${path}`);
  if (!res.ok) throw new Error(`fixture ${path}: ${res.status}`);
  return new File([await res.blob()], path.split('/').pop()!, { type });
}

async function summarise(
  image: { bytes: Uint8Array; mime: string; width: number; height: number },
  caption: string,
): Promise<ImageSummary> {
  const blob = new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: image.mime });
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
  let opaque = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! >= 128) opaque++;
  const figure = document.createElement('figure');
  const img = document.createElement('img');
  img.src = URL.createObjectURL(blob);
  img.alt = caption;
  const text = document.createElement('figcaption');
  text.textContent = `${caption} — ${image.width}×${image.height} ${image.mime}, ${(image.bytes.length / 1024).toFixed(0)} KB`;
  figure.append(img, text);
  document.getElementById('results')!.append(figure);
  await new Promise<void>((r) => (img.complete ? r() : img.addEventListener('load', () => r(), { once: true })));
  // Mean grey of the opaque pixels tells a picture from an all-black one.
  let grey = 0;
  for (let i = 0; i < data.length; i += 4)
    if (data[i + 3]! >= 128) grey += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
  return {
    bytes: image.bytes.length,
    mime: image.mime,
    width: image.width,
    height: image.height,
    opaqueShare: opaque / (data.length / 4),
    meanGrey: opaque ? grey / opaque : 0,
  };
}

async function outcome<T>(
  run: (options: FileJobOptions) => Promise<T>,
  abortAfterMs?: number,
  timeoutMs?: number,
): Promise<Outcome<T>> {
  const progress: number[] = [];
  const controller = new AbortController();
  if (abortAfterMs !== undefined) setTimeout(() => controller.abort(), abortAfterMs);
  const started = performance.now();
  try {
    const value = await run({ signal: controller.signal, timeoutMs, onProgress: (f) => progress.push(f) });
    return { ok: true, value, progress, ms: performance.now() - started };
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    return { ok: false, name: error.name, message: error.message, progress, ms: performance.now() - started };
  }
}

/** A photo-like opaque picture (smooth gradients plus fine grain) encoded as a JPEG of the given quality. */
async function photoJpeg(width: number, height: number, quality: number, grain: number): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#2f6b3a');
  gradient.addColorStop(0.5, '#c8b27a');
  gradient.addColorStop(1, '#3b5f8f');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  const pixels = ctx.getImageData(0, 0, width, height);
  let seed = 12345;
  for (let i = 0; i < pixels.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const n = ((seed >>> 16) % (2 * grain + 1)) - grain;
    pixels.data[i] = pixels.data[i]! + n;
    pixels.data[i + 1] = pixels.data[i + 1]! + n;
    pixels.data[i + 2] = pixels.data[i + 2]! + n;
  }
  ctx.putImageData(pixels, 0, 0);
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new File([blob], 'photo.jpg', { type: 'image/jpeg' });
}

const api = {
  async basemap(paths: string[], options: { abortAfterMs?: number; timeoutMs?: number; caption?: string } = {}) {
    const files = await Promise.all(paths.map((p) => fixture(p)));
    return outcome(
      async (o) => {
        const r = await fileJobs.parseBasemap(files, o);
        return {
          northEast: r.northEast,
          southWest: r.southWest,
          warnings: r.warnings,
          image: await summarise(r.image, options.caption ?? paths.join(' + ')),
        };
      },
      options.abortAfterMs,
      options.timeoutMs,
    );
  },

  /** A KML written by the test, paired with an image fixture. */
  async kmlWithImage(kml: string, imagePath: string, caption: string) {
    const files = [
      new File([kml], 'overlay.kml', { type: 'application/vnd.google-earth.kml+xml' }),
      await fixture(imagePath),
    ];
    return outcome(async (o) => {
      const r = await fileJobs.parseBasemap(files, o);
      return {
        northEast: r.northEast,
        southWest: r.southWest,
        warnings: r.warnings,
        image: await summarise(r.image, caption),
      };
    });
  },

  async photoBasemap(width: number, height: number, quality: number, grain: number) {
    const file = await photoJpeg(width, height, quality, grain);
    const originalBytes = file.size;
    return outcome(async (o) => {
      const r = await fileJobs.parseBasemap([file], o);
      return { originalBytes, warnings: r.warnings, image: await summarise(r.image, 'Photo over 2 MB, recompressed') };
    });
  },

  /** The recompression loop on the page's own OffscreenCanvas with a tiny limit, which no picture can reach. */
  async unreachableLimit() {
    const file = await photoJpeg(800, 600, 1, 60);
    const bytes = new Uint8Array(await file.arrayBuffer());
    return outcome(async () => {
      await fitImageToLimit({ bytes, mime: 'image/jpeg', width: 800, height: 600 }, canvasImageOps, {
        limitBytes: 2048,
      });
      return 'fitted';
    });
  },

  async inspection(path: string) {
    const file = await fixture(path);
    return outcome(async (o) => {
      const r = await fileJobs.readInspectionKmz(file, o);
      const images: ImageSummary[] = [];
      for (const d of r.inspections) if (d.image) images.push(await summarise(d.image, `Inspection: ${d.sourceName}`));
      return {
        parseSummary: r.parseSummary,
        drafts: r.inspections.map((d) => ({ ...d, image: d.image ? d.image.bytes.length : null })),
        images,
      };
    });
  },

  async csv(path: string, columns: CsvColumn[]) {
    const file = await fixture(path);
    return outcome((o) => fileJobs.parseCsv(file, columns, o));
  },

  /** A generated CSV of about `megabytes` MB, to watch progress and cancellation. */
  async bigCsv(megabytes: number, abortAfterMs?: number) {
    const row = 'Site-0000,"Field, North",31.123456,-102.654321,"line one\nline two",2026-01-01T00:00:00Z\n';
    const count = Math.ceil((megabytes * 1024 * 1024) / row.length);
    const file = new File(['name,area,latitude,longitude,notes,time\n', row.repeat(count)], 'big.csv', {
      type: 'text/csv',
    });
    const columns: CsvColumn[] = [
      { key: 'name', header: 'name', required: true },
      { key: 'latitude', header: 'latitude', required: true },
    ];
    const result = await outcome((o) => fileJobs.parseCsv(file, columns, o), abortAfterMs);
    return result.ok
      ? {
          ...result,
          value: { rows: result.value.rows.length, errors: result.value.errors.length, first: result.value.rows[0] },
        }
      : result;
  },

  /** A worker that never answers, to prove the time bound ends it. */
  async hangingJob(timeoutMs: number) {
    const source = URL.createObjectURL(
      new Blob(['self.onmessage = () => { for (;;) {} };'], { type: 'text/javascript' }),
    );
    return outcome((o) => runFileJob(() => new Worker(source), 'parseBasemap', [], o), undefined, timeoutMs);
  },
};

declare global {
  interface Window {
    fileWorkers: typeof api;
    fileWorkersReady: boolean;
  }
}

window.fileWorkers = api;
window.fileWorkersReady = true;
