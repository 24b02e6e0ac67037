// Which QR decoder the scanner uses (decisions 035 and 077): the browser's own BarcodeDetector when it reads QR codes
// (Android's Chrome, Safari on recent iPhones); else jsQR (jsqr-detector.ts: 27 kB, precached with the app), and the
// WebAssembly decoder (zxing-detector.ts: 371 kB, fetched only then) when jsQR cannot read what the camera sees.

import type { QrDetector } from './detector';

interface NativeDetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's BarcodeDetector when it can read QR codes; null when there is none or it cannot. */
async function nativeQrDetector(scope: object = globalThis): Promise<QrDetector | null> {
  const Native = (scope as { BarcodeDetector?: unknown }).BarcodeDetector as NativeDetectorClass | undefined;
  if (typeof Native !== 'function' || typeof Native.getSupportedFormats !== 'function') return null;
  try {
    const formats = await Native.getSupportedFormats();
    if (!Array.isArray(formats) || !formats.includes('qr_code')) return null;
    return new Native({ formats: ['qr_code'] });
  } catch {
    // Some browsers have the class but throw when asked (no platform decoder): ours read.
    return null;
  }
}

/**
 * When jsQR hands over (bench/qr-decoders.ts): it reads clean and lightly grainy frames in tens of milliseconds, but
 * reads nothing from a grainy one (a dim venue) and then spends half a second or more on each frame, on the page's
 * thread. A frame that slow, or this long without a code read, fetches the WebAssembly decoder, which reads those.
 */
export const HANDOVER = { slowFrameMs: 250, unreadMs: 5000 } as const;

/**
 * jsQR until it is too slow or has read nothing for a while, then the WebAssembly decoder once it has arrived. While
 * it downloads, frames that jsQR found slow are skipped (the screen stays responsive); fast ones are still tried.
 */
export function jsQrThenWasm(
  jsQr: QrDetector,
  loadWasm: () => Promise<QrDetector>,
  now: () => number = () => performance.now(),
): QrDetector {
  let wasm: QrDetector | undefined;
  let loading: Promise<void> | undefined;
  let firstFrameAt: number | undefined;
  let lastFrameSlow = false;
  const handOver = () => {
    loading ??= loadWasm().then(
      (detector) => void (wasm = detector),
      // Not arrived (no signal): jsQR goes on, and the next frame asks again.
      () => void (loading = undefined),
    );
  };
  return {
    async detect(image) {
      if (wasm) return wasm.detect(image);
      if (loading && lastFrameSlow) return [];
      const started = now();
      firstFrameAt ??= started;
      const codes = await jsQr.detect(image);
      const done = now();
      lastFrameSlow = done - started > HANDOVER.slowFrameMs;
      if (codes.length === 0 && (lastFrameSlow || done - firstFrameAt > HANDOVER.unreadMs)) handOver();
      return codes;
    },
  };
}

const loadJsQr = () => import('./jsqr-detector').then((m) => m.jsQrDetector);
const loadWasmDetector = () => import('./zxing-detector').then((m) => m.createWasmQrDetector());

/** The detector the scan loop uses: native when it reads QR codes, else jsQR handing over to WebAssembly. */
export async function createQrDetector(
  scope: object = globalThis,
  loadScript: () => Promise<QrDetector> = loadJsQr,
  loadWasm: () => Promise<QrDetector> = loadWasmDetector,
): Promise<QrDetector> {
  return (await nativeQrDetector(scope)) ?? jsQrThenWasm(await loadScript(), loadWasm);
}
