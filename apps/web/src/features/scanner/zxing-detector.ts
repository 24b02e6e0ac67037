// The WebAssembly QR decoder: the barcode-detector ponyfill on zxing-wasm, with the .wasm served from our own origin
// (emitted by Vite as an asset, never fetched from a CDN). Loaded only when jsQR cannot read the camera's frames on a
// browser without a native QR detector (qr-detector.ts, decision 077).
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import decoderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { QrDetector } from './detector';

let ready: Promise<QrDetector> | undefined;

export function createWasmQrDetector(): Promise<QrDetector> {
  ready ??= prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? decoderWasmUrl : prefix + path) },
    fireImmediately: true,
  }).then(
    () => new BarcodeDetector({ formats: ['qr_code'] }),
    (error: unknown) => {
      ready = undefined;
      throw error;
    },
  );
  return ready;
}
