// Which QR decoder the scanner uses (decision 035): the browser's own BarcodeDetector when it reads QR codes
// (Android's Chrome, Safari on recent iPhones), else the WebAssembly decoder (zxing-detector.ts), loaded only
// then: 464 kB gzipped that a phone with a native detector never downloads.
import { decoderWasmUrl } from './decoder-url';

/** What the scan loop needs of a detector: the native one and the WebAssembly ponyfill both have it. */
export interface QrDetector {
  detect(image: ImageData): Promise<{ rawValue: string }[]>;
}

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
    // Some browsers have the class but throw when asked (no platform decoder): the WebAssembly one reads.
    return null;
  }
}

const loadWasmDetector = () => import('./zxing-detector').then((m) => m.createWasmQrDetector());

/**
 * The decoder's one download per page (464 kB gzipped: 9 s at 400 kbit/s), by browser scope: the warm-up's while it
 * runs, or that the scanner has asked for the decoder itself. A scanner opened during the warm-up waits for it and
 * then reads the decoder from the cache; a warm-up after the scanner has asked leaves the download to it.
 */
const downloads = new WeakMap<object, { warming?: Promise<unknown>; scannerAsked?: boolean }>();
const downloadOf = (scope: object) => downloads.get(scope) ?? downloads.set(scope, {}).get(scope)!;

/** The detector the scan loop uses: native when it reads QR codes, else the WebAssembly one (loaded now). */
export async function createQrDetector(
  scope: object = globalThis,
  loadWasm: () => Promise<QrDetector> = loadWasmDetector,
): Promise<QrDetector> {
  const native = await nativeQrDetector(scope);
  if (native) return native;
  const download = downloadOf(scope);
  download.scannerAsked = true;
  await download.warming?.catch(() => undefined);
  return loadWasm();
}

/**
 * After sign-in: on a browser without a native QR detector, fetch the decoder's .wasm once so that the
 * service worker keeps it (its "scanner-decoder" cache; the HTTP cache when there is no service worker),
 * and a first scan at a venue with no signal works. Nothing on a browser with a native detector.
 */
export async function warmQrDecoder(
  scope: object = globalThis,
  fetchFile: (url: string) => Promise<unknown> = (url) => fetch(url).then((response) => response.arrayBuffer()),
): Promise<boolean> {
  if (await nativeQrDetector(scope)) return false;
  const download = downloadOf(scope);
  if (download.scannerAsked || download.warming) return false;
  download.warming = fetchFile(decoderWasmUrl);
  try {
    await download.warming;
  } finally {
    download.warming = undefined;
  }
  return true;
}
