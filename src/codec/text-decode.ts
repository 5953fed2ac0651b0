// Bytes to text for uploaded files: UTF-8 (BOM dropped) when valid; otherwise Windows-1252, which is what
// spreadsheet programs write, with a warning; binary files are refused rather than read as text.
import { FileParseError } from './file-errors';

export function decodeText(bytes: Uint8Array, what: string): { text: string; warnings: string[] } {
  const probe = bytes.subarray(0, Math.min(bytes.length, 64 * 1024));
  if (probe.includes(0)) throw new FileParseError(`${what} is not a text file.`);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), warnings: [] };
  } catch {
    return {
      text: new TextDecoder('windows-1252').decode(bytes),
      warnings: [`${what} is not UTF-8; it was read as Windows-1252 (Western European).`],
    };
  }
}

/** XML names its encoding in the declaration; UTF-8 otherwise. */
export function decodeXml(bytes: Uint8Array, what: string): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const label = /^\s*<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label ?? 'utf-8');
  } catch {
    throw new FileParseError(`${what} uses the text encoding '${label}', which cannot be read.`);
  }
  return decoder.decode(bytes);
}
