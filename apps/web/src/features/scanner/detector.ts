// What the scan loop needs of a QR decoder: the browser's own BarcodeDetector, jsQR's and the WebAssembly one all have
// it (qr-detector.ts chooses; decisions 035 and 077). A module of its own so the decoders need not import the chooser.
export interface QrDetector {
  detect(image: ImageData): Promise<{ rawValue: string }[]>;
}
