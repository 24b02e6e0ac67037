// The first QR decoder of browsers without a native one (decision 077): jsQR, QR codes only, in plain JavaScript, 27 kB
// compressed. A chunk of its own, loaded when the scanner opens and precached with the app's screens, so a first scan
// on a slow link, or with no signal, reads at once; qr-detector.ts hands over to the WebAssembly decoder when it cannot.
import jsQR from 'jsqr';
import type { QrDetector } from './detector';

export const jsQrDetector: QrDetector = {
  detect(image: ImageData) {
    // Venue codes are printed dark on light: the inverted pass would double the time per frame for nothing.
    const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
    return Promise.resolve(code ? [{ rawValue: code.data }] : []);
  },
};
