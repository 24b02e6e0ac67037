import QRCode from 'qrcode';
import { describe, expect, it, vi } from 'vitest';
import { jsQrDetector } from './jsqr-detector';
import type { QrDetector } from './detector';
import { HANDOVER, createQrDetector, jsQrThenWasm } from './qr-detector';

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

const scriptDetector: QrDetector = { detect: () => Promise.resolve([{ rawValue: 'jsqr' }]) };

describe('createQrDetector (decisions 035, 077)', () => {
  it("uses the browser's own detector when it reads QR codes, and never loads jsQR", async () => {
    const { scope, made } = browserWith(['ean_13', 'qr_code']);
    const loadScript = vi.fn(() => Promise.resolve(scriptDetector));
    const detector = await createQrDetector(scope, loadScript);
    expect(loadScript).not.toHaveBeenCalled();
    expect(made).toEqual([{ formats: ['qr_code'] }]);
    expect(await detector.detect({} as ImageData)).toEqual([{ rawValue: 'native' }]);
  });

  it.each([
    ['a native detector without QR codes', browserWith(['ean_13', 'code_128']).scope],
    ['a native detector that fails when asked', browserWith(new Error('no platform decoder')).scope],
    ['no BarcodeDetector at all', {}],
    ['a BarcodeDetector without getSupportedFormats', { BarcodeDetector: class {} }],
  ])('loads jsQR, and not the WebAssembly decoder, with %s', async (_name, scope) => {
    const loadScript = vi.fn(() => Promise.resolve(scriptDetector));
    const loadWasm = vi.fn(() => Promise.resolve(scriptDetector));
    const detector = await createQrDetector(scope, loadScript, loadWasm);
    expect(await detector.detect({} as ImageData)).toEqual([{ rawValue: 'jsqr' }]);
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loadWasm).not.toHaveBeenCalled();
  });
});

/** A grey picture as the scan loop reads it (RGBA), the QR code of `text` drawn `module` px per module at (left, top). */
function frameWith(text: string, options: { width: number; height: number; module: number; left: number; top: number }) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const data = new Uint8ClampedArray(options.width * options.height * 4).fill(235);
  for (let y = 0; y < modules.size * options.module; y++) {
    for (let x = 0; x < modules.size * options.module; x++) {
      if (!modules.get(Math.floor(y / options.module), Math.floor(x / options.module))) continue;
      const at = ((options.top + y) * options.width + options.left + x) * 4;
      data.fill(20, at, at + 3);
    }
  }
  return { data, width: options.width, height: options.height, colorSpace: 'srgb' } as ImageData;
}

describe('jsQR, the decoder of browsers without their own (decision 077)', () => {
  it('reads a venue code anywhere in the scan box, small or large, and nothing from an empty picture', async () => {
    const text = 'QQ-DAY01-GANGWAY';
    for (const shape of [
      { module: 3, left: 40, top: 200 },
      { module: 8, left: 100, top: 60 },
    ]) {
      expect(await jsQrDetector.detect(frameWith(text, { width: 375, height: 375, ...shape }))).toEqual([{ rawValue: text }]);
    }
    const blank = { data: new Uint8ClampedArray(375 * 375 * 4).fill(235), width: 375, height: 375 } as ImageData;
    expect(await jsQrDetector.detect(blank)).toEqual([]);
  });
});

describe('jsQR hands over to the WebAssembly decoder (decision 077)', () => {
  /** A page clock the fake detectors advance, and a jsQR that takes `ms` per frame and reads `text` (or nothing). */
  function setup() {
    const clock = { now: 0 };
    const jsQr = { ms: 30, text: '' as string, frames: 0 };
    const first: QrDetector = {
      detect: () => {
        jsQr.frames++;
        clock.now += jsQr.ms;
        return Promise.resolve(jsQr.text ? [{ rawValue: jsQr.text }] : []);
      },
    };
    let arrive = (_detector: QrDetector) => {};
    const loadWasm = vi.fn(() => new Promise<QrDetector>((resolve) => (arrive = resolve)));
    const wasm: QrDetector = { detect: () => Promise.resolve([{ rawValue: 'wasm' }]) };
    const detector = jsQrThenWasm(first, loadWasm, () => clock.now);
    const frame = () => detector.detect({} as ImageData);
    return { clock, jsQr, loadWasm, arrive: () => arrive(wasm), frame };
  }

  it('keeps jsQR, and downloads nothing, while it reads or is fast and has not been unread for long', async () => {
    const { clock, jsQr, loadWasm, frame } = setup();
    for (let i = 0; i < 10; i++) {
      expect(await frame()).toEqual([]);
      clock.now += 100;
    }
    expect(clock.now).toBeLessThan(HANDOVER.unreadMs);
    jsQr.text = 'QQSG25-GANGWAY-MWMXXG';
    expect(await frame()).toEqual([{ rawValue: 'QQSG25-GANGWAY-MWMXXG' }]);
    expect(loadWasm).not.toHaveBeenCalled();
  });

  it('fetches the WebAssembly decoder once after a slow frame, skips slow jsQR frames while it comes, then uses it', async () => {
    const { jsQr, loadWasm, arrive, frame } = setup();
    jsQr.ms = HANDOVER.slowFrameMs + 1;
    expect(await frame()).toEqual([]);
    expect(loadWasm).toHaveBeenCalledTimes(1);
    const framesBefore = jsQr.frames;
    expect(await frame()).toEqual([]);
    expect(jsQr.frames).toBe(framesBefore);
    arrive();
    await new Promise((resolve) => setTimeout(resolve));
    expect(await frame()).toEqual([{ rawValue: 'wasm' }]);
    expect(loadWasm).toHaveBeenCalledTimes(1);
  });

  it('fetches it after fast frames that have read nothing for the handover time', async () => {
    const { clock, loadWasm, frame } = setup();
    await frame();
    clock.now += HANDOVER.unreadMs;
    await frame();
    expect(loadWasm).toHaveBeenCalledTimes(1);
  });

  it('asks again on a later frame when the download failed (no signal)', async () => {
    let attempts = 0;
    let clock = 0;
    const detector = jsQrThenWasm(
      { detect: () => Promise.resolve([]).finally(() => (clock += HANDOVER.slowFrameMs + 1)) },
      () => {
        attempts++;
        return Promise.reject(new Error('offline'));
      },
      () => clock,
    );
    await detector.detect({} as ImageData);
    await new Promise((resolve) => setTimeout(resolve));
    await detector.detect({} as ImageData);
    expect(attempts).toBe(2);
  });
});
