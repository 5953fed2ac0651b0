// Reading ZIP (KMZ) archives without trusting them: jszip has no limits and believes declared sizes, so the entry
// count is read from the end record before jszip sees the file, and every entry is counted while it inflates.
import JSZip from 'jszip';
import { CancelledError, FileParseError } from './file-errors';

/** A limit was passed: the whole archive is refused, not just the entry. */
export class ZipLimitError extends FileParseError {}

export interface ZipLimits {
  maxEntries: number;
  /** Inflated bytes per entry and over the whole archive. */
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Inflated / compressed, checked once an entry has passed `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const KMZ_LIMITS: ZipLimits = {
  maxEntries: 2000,
  maxEntryBytes: 64 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

export interface ZipEntry {
  /** The name as stored, only ever compared as a string, never used as a path or object key. */
  name: string;
  compressedSize: number | null;
}

interface StreamHelper {
  on(event: 'data', cb: (chunk: Uint8Array) => void): StreamHelper;
  on(event: 'end', cb: () => void): StreamHelper;
  on(event: 'error', cb: (e: Error) => void): StreamHelper;
  resume(): StreamHelper;
  pause(): StreamHelper;
}
// jszip's typings omit internalStream and the compressed size it keeps in _data; both exist in 3.x.
interface ZipObjectInternals {
  internalStream(type: 'uint8array'): StreamHelper;
  _data?: { compressedSize?: unknown };
}

const EOCD_SIGNATURE = 0x06054b50;

/** Entry count from the end-of-central-directory record; null when there is none (not a ZIP). */
export function declaredEntryCount(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  for (let i = bytes.length - 22; i >= stop; i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      const total = view.getUint16(i + 10, true);
      // 0xffff means the real count is in a ZIP64 record: treat it as "too many" rather than parse ZIP64 too.
      return total === 0xffff ? Number.POSITIVE_INFINITY : total;
    }
  }
  return null;
}

export class SafeZip {
  private totalRead = 0;

  private constructor(
    private readonly zip: JSZip,
    readonly entries: readonly ZipEntry[],
    private readonly limits: ZipLimits,
  ) {}

  static async open(bytes: Uint8Array, limits: ZipLimits, what = 'The KMZ file'): Promise<SafeZip> {
    if (bytes.length === 0) throw new FileParseError(`${what} is empty.`);
    const count = declaredEntryCount(bytes);
    if (count === null) throw new FileParseError(`${what} is not a valid ZIP archive.`);
    if (count > limits.maxEntries)
      throw new FileParseError(`${what} holds too many files (more than ${limits.maxEntries}).`);
    let zip: JSZip;
    try {
      zip = await JSZip.loadAsync(bytes, { createFolders: false });
    } catch (e) {
      throw new FileParseError(`${what} is not a valid ZIP archive (${e instanceof Error ? e.message : String(e)}).`);
    }
    const entries: ZipEntry[] = [];
    zip.forEach((name, file) => {
      if (file.dir) return;
      const size = (file as unknown as ZipObjectInternals)._data?.compressedSize;
      entries.push({ name, compressedSize: typeof size === 'number' ? size : null });
    });
    if (entries.length > limits.maxEntries)
      throw new FileParseError(`${what} holds too many files (more than ${limits.maxEntries}).`);
    return new SafeZip(zip, entries, limits);
  }

  /** Inflates one entry, stopping as soon as it passes a limit. */
  read(entry: ZipEntry, signal?: AbortSignal): Promise<Uint8Array> {
    const file = this.zip.file(entry.name);
    if (!file) return Promise.reject(new FileParseError(`The archive entry '${entry.name}' could not be found.`));
    const { maxEntryBytes, maxTotalBytes, maxRatio, ratioFloorBytes } = this.limits;
    return new Promise<Uint8Array>((resolve, reject) => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      let done = false;
      const stream = (file as unknown as ZipObjectInternals).internalStream('uint8array');
      const stop = (error: Error) => {
        if (done) return;
        done = true;
        stream.pause();
        reject(error);
      };
      const fail = (message: string) => stop(new ZipLimitError(message));
      stream.on('data', (chunk) => {
        if (done) return;
        if (signal?.aborted) return stop(new CancelledError());
        size += chunk.length;
        this.totalRead += chunk.length;
        if (size > maxEntryBytes) return fail(`'${entry.name}' inflates to more than ${maxEntryBytes / 1048576} MB.`);
        if (this.totalRead > maxTotalBytes)
          return fail(`The archive inflates to more than ${maxTotalBytes / 1048576} MB.`);
        if (entry.compressedSize !== null && size > ratioFloorBytes && size > entry.compressedSize * maxRatio) {
          return fail(`'${entry.name}' expands more than ${maxRatio} times; it looks like a ZIP bomb.`);
        }
        chunks.push(chunk);
      });
      stream.on('error', (e) => stop(new FileParseError(`'${entry.name}' could not be read (${e.message}).`)));
      stream.on('end', () => {
        if (done) return;
        done = true;
        const out = new Uint8Array(size);
        let at = 0;
        for (const c of chunks) {
          out.set(c, at);
          at += c.length;
        }
        resolve(out);
      });
      stream.resume();
    });
  }
}

/** Resolves a relative href against the folder of the KML that names it, inside the archive; null if it leaves the archive. */
export function resolveArchivePath(fromEntry: string, href: string): string | null {
  const clean = href.trim().replace(/\\/g, '/');
  if (/^[a-z][a-z0-9+.-]*:/i.test(clean) || clean.startsWith('/')) return null;
  const parts = fromEntry.split('/').slice(0, -1);
  for (const part of clean.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(safeDecode(part));
  }
  return parts.join('/');
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
