// The QR decoder: the barcode-detector ponyfill on zxing-wasm, with the .wasm served from our own origin
// (emitted by Vite as an asset, never fetched from a CDN). Loaded only when the scan popup opens.
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export type QrDetector = Pick<BarcodeDetector, 'detect'>;

let ready: Promise<QrDetector> | undefined;

export function createQrDetector(): Promise<QrDetector> {
  ready ??= prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
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
