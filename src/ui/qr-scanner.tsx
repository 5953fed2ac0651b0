// QR scanning with the device camera (the one module that imports zxing-wasm): frames of the rear camera are read
// a few times a second by ZXing's WebAssembly reader, served from this app, until a QR code is found.
import { readBarcodes, setZXingModuleOverrides } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { useEffect, useRef, useState } from 'react';

setZXingModuleOverrides({
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
});

const SCAN_EVERY_MS = 300;

export function QrScanner({ onText, onError }: { onText: (text: string) => void; onError: (message: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const handlers = useRef({ onText, onError });
  handlers.current = { onText, onError };

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const scan = async () => {
      const v = video.current;
      if (stopped || !v || v.videoWidth === 0) return;
      canvas.width = v.videoWidth;
      canvas.height = v.videoHeight;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(v, 0, 0);
      const found = await readBarcodes(ctx.getImageData(0, 0, canvas.width, canvas.height), {
        formats: ['QRCode'],
        maxNumberOfSymbols: 1,
      });
      if (!stopped && found[0]?.isValid) handlers.current.onText(found[0].text);
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) return handlers.current.onError('This browser cannot use the camera');
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped) return stream.getTracks().forEach((t) => t.stop());
        video.current!.srcObject = stream;
        await video.current!.play();
        setReady(true);
        timer = window.setInterval(() => void scan().catch(() => undefined), SCAN_EVERY_MS);
      } catch (e) {
        handlers.current.onError(
          e instanceof Error ? `The camera could not be opened: ${e.message}` : 'The camera could not be opened',
        );
      }
    })();
    return () => {
      stopped = true;
      window.clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <div className="relative overflow-hidden rounded-box bg-neutral">
      <video
        ref={video}
        className="aspect-square w-full object-cover"
        muted
        playsInline
        aria-label="Camera view for scanning the device's QR code"
      />
      {!ready && (
        <p className="absolute inset-0 flex items-center justify-center text-neutral-content">Opening the camera…</p>
      )}
    </div>
  );
}
