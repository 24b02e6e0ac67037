import { describe, expect, it, vi } from 'vitest';
import { decoderWasmUrl } from './decoder-url';
import { type QrDetector, createQrDetector, warmQrDecoder } from './qr-detector';

/** A browser scope whose BarcodeDetector reads `formats` (or throws when asked, with `formats` an Error). */
function browserWith(formats: string[] | Error) {
  const made: { formats: string[] }[] = [];
  class BarcodeDetector {
    constructor(options: { formats: string[] }) {
      made.push(options);
    }
    static getSupportedFormats() {
      return formats instanceof Error ? Promise.reject(formats) : Promise.resolve(formats);
    }
    detect() {
      return Promise.resolve([{ rawValue: 'native' }]);
    }
  }
  return { scope: { BarcodeDetector }, made };
}

const wasmDetector: QrDetector = { detect: () => Promise.resolve([{ rawValue: 'wasm' }]) };

describe('createQrDetector (decision 035)', () => {
  it("uses the browser's own detector when it reads QR codes, and never loads the WebAssembly one", async () => {
    const { scope, made } = browserWith(['ean_13', 'qr_code']);
    const loadWasm = vi.fn(() => Promise.resolve(wasmDetector));
    const detector = await createQrDetector(scope, loadWasm);
    expect(loadWasm).not.toHaveBeenCalled();
    expect(made).toEqual([{ formats: ['qr_code'] }]);
    expect(await detector.detect({} as ImageData)).toEqual([{ rawValue: 'native' }]);
  });

  it.each([
    ['a native detector without QR codes', browserWith(['ean_13', 'code_128']).scope],
    ['a native detector that fails when asked', browserWith(new Error('no platform decoder')).scope],
    ['no BarcodeDetector at all', {}],
    ['a BarcodeDetector without getSupportedFormats', { BarcodeDetector: class {} }],
  ])('loads the WebAssembly decoder with %s', async (_name, scope) => {
    const loadWasm = vi.fn(() => Promise.resolve(wasmDetector));
    expect(await createQrDetector(scope, loadWasm)).toBe(wasmDetector);
    expect(loadWasm).toHaveBeenCalledTimes(1);
  });
});

describe('warmQrDecoder', () => {
  it('fetches the .wasm once after sign-in when the browser has no native QR detector', async () => {
    const fetchFile = vi.fn(() => Promise.resolve());
    expect(await warmQrDecoder({}, fetchFile)).toBe(true);
    expect(fetchFile).toHaveBeenCalledWith(decoderWasmUrl);
    expect(decoderWasmUrl).toMatch(/\.wasm$/);
  });

  it('downloads nothing on a browser that reads QR codes itself', async () => {
    const fetchFile = vi.fn(() => Promise.resolve());
    expect(await warmQrDecoder(browserWith(['qr_code']).scope, fetchFile)).toBe(false);
    expect(fetchFile).not.toHaveBeenCalled();
  });

  it('a scanner opened during the warm-up waits for its download instead of fetching the decoder a second time', async () => {
    const scope = {};
    let finish = () => {};
    const fetchFile = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const warmed = warmQrDecoder(scope, fetchFile);
    const loadWasm = vi.fn(() => Promise.resolve(wasmDetector));
    const scanner = createQrDetector(scope, loadWasm);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchFile).toHaveBeenCalledTimes(1);
    expect(loadWasm).not.toHaveBeenCalled();
    finish();
    expect(await scanner).toBe(wasmDetector);
    expect(loadWasm).toHaveBeenCalledTimes(1);
    expect(await warmed).toBe(true);
  });

  it('a warm-up after the scanner has asked for the decoder downloads nothing', async () => {
    const scope = {};
    await createQrDetector(scope, () => Promise.resolve(wasmDetector));
    const fetchFile = vi.fn(() => Promise.resolve());
    expect(await warmQrDecoder(scope, fetchFile)).toBe(false);
    expect(fetchFile).not.toHaveBeenCalled();
  });
});
