// Where the scanner's WebAssembly decoder is served from: our own origin (emitted by Vite as an asset,
// never fetched from a CDN). A module of its own so the signed-in layout can warm it without loading
// the decoder's code (qr-detector.ts).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export const decoderWasmUrl: string = wasmUrl;
