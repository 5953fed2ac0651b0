// A minimal PNG writer for the plume frame sheets: 8-bit RGB, no interlace, filter 'none' on every row (the frames
// are mostly zero runs, which deflate packs well either way). Used in the plume compute thread, never on the loop.
import { deflateSync } from 'node:zlib';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Encodes width × height RGB pixels (3 bytes each, rows top to bottom) as a PNG file. */
export function encodeRgbPng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  if (!(width > 0 && height > 0) || rgb.length !== width * height * 3)
    throw new Error(`PNG: ${rgb.length} bytes do not hold ${width} × ${height} RGB pixels`);
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const stride = width * 3;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  const parts = [
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The frame sheet: frames of size × size 16-bit values laid out `columns` across, red = high byte, green = low. */
export function frameSheetPng(frames: readonly Uint16Array[], size: number): { png: Uint8Array; columns: number } {
  if (frames.length === 0) throw new Error('PNG: a frame sheet needs at least one frame');
  const columns = Math.ceil(Math.sqrt(frames.length));
  const rows = Math.ceil(frames.length / columns);
  const width = columns * size;
  const rgb = new Uint8Array(width * rows * size * 3);
  frames.forEach((f, i) => {
    if (f.length !== size * size) throw new Error(`PNG: frame ${i} holds ${f.length} cells, not ${size * size}`);
    const x0 = (i % columns) * size;
    const y0 = Math.floor(i / columns) * size;
    for (let y = 0; y < size; y++) {
      let o = ((y0 + y) * width + x0) * 3;
      for (let x = 0; x < size; x++, o += 3) {
        const v = f[y * size + x]!;
        rgb[o] = v >> 8;
        rgb[o + 1] = v & 0xff;
      }
    }
  });
  return { png: encodeRgbPng(width, rows * size, rgb), columns };
}
