// A video file for Chromium's fake camera (--use-file-for-fake-video-capture): one Y4M frame showing a QR code, so the
// Mobile Install Wizard's scanner reads a real camera stream in the browser journeys.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

const W = 640;
const H = 480;

export async function writeQrVideo(text: string, file: string): Promise<void> {
  const wasm = readFileSync(
    path.resolve(import.meta.dirname, '../../node_modules/zxing-wasm/dist/writer/zxing_writer.wasm'),
  );
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
  const { symbol, error } = await writeBarcode(text, { format: 'QRCode' });
  if (!symbol || error) throw new Error(`QR code not written: ${error}`);
  // The top-left module is always dark (a finder pattern), so its value names the dark colour.
  const dark = symbol.data[0];
  const scale = Math.floor(Math.min(W, H) / (symbol.width + 8));
  const left = Math.floor((W - symbol.width * scale) / 2);
  const top = Math.floor((H - symbol.height * scale) / 2);
  const y = new Uint8Array(W * H).fill(235);
  for (let r = 0; r < symbol.height; r++) {
    for (let c = 0; c < symbol.width; c++) {
      if (symbol.data[r * symbol.width + c] !== dark) continue;
      for (let dy = 0; dy < scale; dy++)
        y.fill(16, (top + r * scale + dy) * W + left + c * scale, (top + r * scale + dy) * W + left + (c + 1) * scale);
    }
  }
  const chroma = new Uint8Array((W / 2) * (H / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  writeFileSync(file, Buffer.concat([header, y, chroma, chroma]));
}
