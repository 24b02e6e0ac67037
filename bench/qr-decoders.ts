// Which QR decoder the scanner should use on a browser without a native BarcodeDetector: zxing-wasm (decision 035's:
// barcode-detector's ponyfill on `zxing-wasm/reader`) or jsQR (pure JavaScript, QR codes only).
// Measured on camera-like frames, all the size of the region the scan loop hands the decoder (scan-region.ts: a
// 1280x720 camera in the popup of a 412 px wide phone), showing a venue's code (campaigns/singapore-2025, version 2-M,
// made with `qrcode` as e2e/support/qr-video.ts makes it) through a projective transform, bilinear samples, 3x3 per
// pixel: its size (2 to 12 px a module; with a camera of focal length 1000 px, a 10 cm code is 2 px a module at 2 m,
// 6 px at 67 cm), rotation, tilt, blur (out of focus; gaussian, so a shake only roughly), contrast and lighting (low
// contrast print, shade across the code, a glare spot), sensor noise. A fixed seed per condition: the frames are the
// same every run. Per condition and decoder: the frames read correctly (the exact text) and the time of the decode
// call alone (the crop and getImageData cost both the same), after one warm-up call each; the decoders take turns
// frame by frame. Then what each costs to download, as the server sends it (brotli, decision 034) and gzipped, at
// 400 kbit/s with 400 ms round trip (docs/product.md §13). Times are this machine's with Node's V8, the engine of
// Chrome: a phone is slower. Prints only; nothing is recorded.
// Usage: npx tsx bench/qr-decoders.ts [--frames 10]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildSync, transformSync } from 'esbuild';
import jsQR from 'jsqr';
import prettier from 'prettier';
import QRCode from 'qrcode';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { scanRegion } from '../apps/web/src/features/scanner/scan-region';
import { describeMachine, loadAverage } from './machine';

const { values } = parseArgs({ options: { frames: { type: 'string', default: '10' } } });
const FRAMES = Number(values.frames);
const root = path.resolve(import.meta.dirname, '..');
/** Packages as the web app finds them. */
const resolveFrom = createRequire(path.join(root, 'apps/web/package.json'));

/** The day 1 checkpoint's code: 21 alphanumeric characters, version 2 (25 modules) at level M, as five of the seven. */
const CODE_TEXT = 'QQSG25-GANGWAY-MWMXXG';
/** What the scan loop crops (use-qr-scanner.ts): a 1280x720 camera, the popup's square view on a 412 px phone. */
const VIDEO = { width: 1280, height: 720 };
const PHONE_WIDTH = 412;
/** The dialog is min(92vw, 420px) wide (styles.css), the scanner's body has 16 px of padding (scanner.css). */
const VIEW_SIDE = Math.min(0.92 * PHONE_WIDTH, 420) - 2 * 16;
const REGION = scanRegion(VIDEO, { width: VIEW_SIDE, height: VIEW_SIDE });
const WIDTH = REGION.sw;
const HEIGHT = REGION.sh;
/** Focal length in pixels of the 1280x720 camera: about 65 degrees across, a phone's main camera. */
const FOCAL_PX = 1000;
/** The printed code: ink and paper under full light (a camera sees neither 0 nor 255), low contrast, background. */
const INK = 30;
const PAPER = 225;
const LOW_INK = 90;
const LOW_PAPER = 170;
/** The poster around the code: white to this many modules past its quiet zone of 4, then a grey wall. */
const POSTER_MARGIN = 4 + 6;
const WALL = 0.4;
/** Texture pixels per module of the code, sampled bilinearly. */
const TEXELS = 8;
/** Samples per pixel along each axis. */
const SUPERSAMPLE = 3;
/** The link of docs/product.md §13. */
const LINK_BITS_PER_SEC = 400_000;
const ROUND_TRIP_SEC = 0.4;

type Light = 'full' | 'low' | 'shade' | 'glare';

interface Condition {
  /** Pixels per module, at the code's centre. */
  module: number;
  /** Degrees in the image plane (+-4 of jitter per frame). */
  rotation: number;
  /** Degrees the poster is turned away from the camera, about an axis at a random angle (+-3 of jitter). */
  tilt: number;
  /** Gaussian blur, sigma in pixels. */
  blur: number;
  light: Light;
  /** Gaussian sensor noise, sigma in grey levels. */
  noise: number;
  /** A frame of the wall and no code: what most of the scan loop's frames cost while the visitor aims. */
  empty?: boolean;
}

const LIGHTS: Record<Light, string> = {
  full: `full (${INK}/${PAPER})`,
  low: `low contrast (${LOW_INK}/${LOW_PAPER})`,
  shade: 'shade across the code (100% to 35%)',
  glare: 'glare spot (+160 levels)',
};

/**
 * The grid. Noise: none (the size sweep), sigma 4 (a phone in good light, after its own denoising: the handheld rows),
 * sigma 12 (dim light, pixel by pixel: a hard case, and jsQR's slowest frames, so fewer rows), and a sweep of one
 * handheld row from 0 to 8.
 */
function conditions(): Condition[] {
  const list: Condition[] = [];
  const add = (modules: number[], c: Omit<Condition, 'module'>) => modules.forEach((module) => list.push({ module, ...c }));
  const still = { rotation: 0, tilt: 0, blur: 0, light: 'full', noise: 0 } as const;
  const handheld = { ...still, rotation: 15, blur: 1, noise: 4 };
  const dim = { ...handheld, noise: 12 };
  add([2, 3, 4, 6, 12], still);
  for (const rotation of [0, 15, 40]) add([2, 3, 4, 6], { ...handheld, rotation });
  add([2, 3, 4, 6], { ...handheld, tilt: 25 });
  add([2, 3, 4, 6], { ...handheld, rotation: 0, blur: 2 });
  add([3, 4, 6], { ...handheld, blur: 2, tilt: 25 });
  add([2, 3, 4, 6], { ...handheld, light: 'low' });
  add([3, 4, 6], { ...handheld, rotation: 0, blur: 2, light: 'low' });
  add([3, 4, 6], { ...handheld, rotation: 40, tilt: 25, light: 'low' });
  add([2, 3, 4, 6], { ...handheld, light: 'shade' });
  add([2, 3, 4, 6], { ...handheld, light: 'glare' });
  add([4, 6], { ...handheld, blur: 2, tilt: 25, light: 'glare' });
  for (const noise of [0, 2, 6, 8]) add([4], { ...handheld, noise });
  add([3, 6], { ...still, noise: 12 });
  add([2, 3, 4, 6], dim);
  add([4, 6], { ...dim, tilt: 25 });
  add([4, 6], { ...dim, light: 'low' });
  add([6], { ...dim, rotation: 0, blur: 2 });
  list.push({ ...handheld, module: 4, empty: true }, { ...dim, module: 4, empty: true });
  return list;
}

const conditionKey = (c: Condition) => JSON.stringify(c);

/** mulberry32, seeded from the condition (FNV-1a of its key): adding a condition changes no other's frames. */
function prng(key: string): () => number {
  let seed = 2166136261;
  for (let i = 0; i < key.length; i++) seed = Math.imul(seed ^ key.charCodeAt(i), 16777619) >>> 0;
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** The poster's reflectance (1 paper, 0 ink, WALL beyond it) as a texture, TEXELS a module, centred on the code. */
function posterTexture(text: string): { texels: Float32Array; side: number; half: number; modules: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const half = modules.size / 2 + POSTER_MARGIN;
  const side = Math.ceil(2 * half * TEXELS);
  const texels = new Float32Array(side * side).fill(1);
  const offset = POSTER_MARGIN * TEXELS;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < TEXELS; y++) {
        const start = (offset + row * TEXELS + y) * side + offset + col * TEXELS;
        texels.fill(0, start, start + TEXELS);
      }
    }
  }
  return { texels, side, half, modules: modules.size };
}

const POSTER = posterTexture(CODE_TEXT);

/** Reflectance at (x, y) in modules from the code's centre, bilinear between texel centres. */
function reflectance(x: number, y: number): number {
  const u = (x + POSTER.half) * TEXELS - 0.5;
  const v = (y + POSTER.half) * TEXELS - 0.5;
  if (u < 0 || v < 0 || u >= POSTER.side - 1 || v >= POSTER.side - 1) return WALL;
  const u0 = Math.floor(u);
  const v0 = Math.floor(v);
  const fu = u - u0;
  const fv = v - v0;
  const i = v0 * POSTER.side + u0;
  const t = POSTER.texels;
  const top = t[i]! + (t[i + 1]! - t[i]!) * fu;
  const bottom = t[i + POSTER.side]! + (t[i + POSTER.side + 1]! - t[i + POSTER.side]!) * fu;
  return top + (bottom - top) * fv;
}

type Matrix3 = [number, number, number, number, number, number, number, number, number];

function invert([a, b, c, d, e, f, g, h, i]: Matrix3): Matrix3 {
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}

/**
 * The homography from the poster (modules, origin at the code's centre) to the frame: the poster turned by
 * `rotation` in its plane, then by `tilt` about an axis in it at `axis`, at the distance where a module is `module`
 * pixels, its centre seen at (dx, dy) from the frame's centre; K [r1 r2 t] of a pinhole camera.
 */
function homography(module: number, rotation: number, tilt: number, axis: number, dx: number, dy: number): Matrix3 {
  const rad = Math.PI / 180;
  const [cr, sr] = [Math.cos(rotation * rad), Math.sin(rotation * rad)];
  const [ux, uy] = [Math.cos(axis * rad), Math.sin(axis * rad)];
  const [ct, st] = [Math.cos(tilt * rad), Math.sin(tilt * rad)];
  // Rodrigues: the tilt about the unit axis (ux, uy, 0).
  const T = [
    [ct + ux * ux * (1 - ct), ux * uy * (1 - ct), uy * st],
    [ux * uy * (1 - ct), ct + uy * uy * (1 - ct), -ux * st],
    [-uy * st, ux * st, ct],
  ];
  // Columns 1 and 2 of T times the in-plane rotation.
  const r1 = T.map((row) => row[0]! * cr + row[1]! * sr);
  const r2 = T.map((row) => -row[0]! * sr + row[1]! * cr);
  const z = FOCAL_PX / module;
  const t = [(dx * z) / FOCAL_PX, (dy * z) / FOCAL_PX, z];
  const [cx, cy] = [WIDTH / 2, HEIGHT / 2];
  const k = (col: number[]): number[] => [FOCAL_PX * col[0]! + cx * col[2]!, FOCAL_PX * col[1]! + cy * col[2]!, col[2]!];
  const [h1, h2, h3] = [k(r1), k(r2), k(t)];
  return [h1[0]!, h2[0]!, h3[0]!, h1[1]!, h2[1]!, h3[1]!, h1[2]!, h2[2]!, h3[2]!];
}

function blur(plane: Float32Array, sigma: number): void {
  if (sigma <= 0) return;
  const radius = Math.ceil(3 * sigma);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const total = kernel.reduce((a, b) => a + b, 0);
  const weights = kernel.map((w) => w / total);
  const scratch = new Float32Array(plane.length);
  const pass = (from: Float32Array, to: Float32Array, step: number, length: number, lines: number, lineStep: number) => {
    for (let line = 0; line < lines; line++) {
      const base = line * lineStep;
      for (let i = 0; i < length; i++) {
        let sum = 0;
        for (let k = -radius; k <= radius; k++) {
          const j = Math.min(length - 1, Math.max(0, i + k));
          sum += from[base + j * step]! * weights[k + radius]!;
        }
        to[base + i * step] = sum;
      }
    }
  };
  pass(plane, scratch, 1, WIDTH, HEIGHT, WIDTH);
  pass(scratch, plane, WIDTH, HEIGHT, WIDTH, 1);
}

interface Frame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** One camera frame of the condition; `random` gives its jitter, lighting and noise. */
function renderFrame(c: Condition, random: () => number): Frame {
  const jitter = (spread: number) => (random() * 2 - 1) * spread;
  const h = homography(
    c.module,
    c.rotation + jitter(4),
    c.tilt === 0 ? 0 : c.tilt + jitter(3),
    random() * 180,
    jitter(30),
    jitter(30),
  );
  const inv = invert(h);
  const [ink, paper] = c.light === 'low' ? [LOW_INK, LOW_PAPER] : [INK, PAPER];
  // Shade: a gain from 1 to 0.35 across the code in a random direction. Glare: an additive spot of 4 modules'
  // radius somewhere on the code. Both on the poster, so they scale with the code.
  const direction = random() * 2 * Math.PI;
  const [gx, gy] = [Math.cos(direction), Math.sin(direction)];
  const span = POSTER.modules;
  const spot = { x: jitter(0.3 * span), y: jitter(0.3 * span) };
  const lit = (x: number, y: number, r: number) => {
    let value = ink + (paper - ink) * (c.empty ? WALL : r);
    if (c.light === 'shade') value *= 1 - 0.65 * Math.min(1, Math.max(0, (x * gx + y * gy) / span + 0.5));
    if (c.light === 'glare') value += 160 * Math.exp(-((x - spot.x) ** 2 + (y - spot.y) ** 2) / (2 * 4 * 4));
    return value;
  };
  const plane = new Float32Array(WIDTH * HEIGHT);
  const reach = POSTER.half + 1;
  for (let py = 0; py < HEIGHT; py++) {
    for (let px = 0; px < WIDTH; px++) {
      // Far from the poster: the wall, one sample.
      const w0 = inv[6] * (px + 0.5) + inv[7] * (py + 0.5) + inv[8];
      const x0 = (inv[0] * (px + 0.5) + inv[1] * (py + 0.5) + inv[2]) / w0;
      const y0 = (inv[3] * (px + 0.5) + inv[4] * (py + 0.5) + inv[5]) / w0;
      if (Math.abs(x0) > reach || Math.abs(y0) > reach) {
        plane[py * WIDTH + px] = lit(x0, y0, WALL);
        continue;
      }
      let sum = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const fx = px + (sx + 0.5) / SUPERSAMPLE;
          const fy = py + (sy + 0.5) / SUPERSAMPLE;
          const w = inv[6] * fx + inv[7] * fy + inv[8];
          const x = (inv[0] * fx + inv[1] * fy + inv[2]) / w;
          const y = (inv[3] * fx + inv[4] * fy + inv[5]) / w;
          sum += lit(x, y, reflectance(x, y));
        }
      }
      plane[py * WIDTH + px] = sum / (SUPERSAMPLE * SUPERSAMPLE);
    }
  }
  blur(plane, c.blur);
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  for (let i = 0; i < plane.length; i++) {
    const value = Math.round(plane[i]! + (c.noise > 0 ? c.noise * gaussian(random) : 0));
    data[4 * i] = data[4 * i + 1] = data[4 * i + 2] = value;
    data[4 * i + 3] = 255;
  }
  return { data, width: WIDTH, height: HEIGHT };
}

interface Decoder {
  name: string;
  decode(frame: Frame): Promise<string | null>;
}

const decoders: Decoder[] = [
  {
    name: 'zxing-wasm',
    // The options barcode-detector's detect() passes; the rest are zxing-wasm's defaults, as in the app.
    decode: async (frame) => (await readBarcodes(frame, { formats: ['QRCode'], textMode: 'Plain' }))[0]?.text ?? null,
  },
  {
    name: 'jsQR dontInvert',
    decode: async (frame) => jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null,
  },
  {
    name: 'jsQR attemptBoth',
    // Named, not left to the default: jsQR 1.4.0 writes the options of each call into its defaults, so after a
    // 'dontInvert' call a call without options does not invert either.
    decode: async (frame) => jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' })?.data ?? null,
  },
];

/** Nearest rank. */
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(p * xs.length) - 1)]!;

interface Tally {
  ok: number;
  frames: number;
  ms: number[];
  okMs: number[];
  failedMs: number[];
}

const newTally = (): Tally => ({ ok: 0, frames: 0, ms: [], okMs: [], failedMs: [] });
const NOISES = [...new Set(conditions().map((c) => c.noise))].sort((a, b) => a - b);
/** Per noise level, one tally per decoder. */
type Tallies = Map<string, Tally[]>;
const byNoise = (): Tallies => new Map(NOISES.map((noise) => [String(noise), decoders.map(newTally)]));
const total = (tallies: Tallies, decoder: number): Tally => {
  const all = [...tallies.values()].map((t) => t[decoder]!);
  return {
    ok: all.reduce((sum, t) => sum + t.ok, 0),
    frames: all.reduce((sum, t) => sum + t.frames, 0),
    ms: all.flatMap((t) => t.ms),
    okMs: all.flatMap((t) => t.okMs),
    failedMs: all.flatMap((t) => t.failedMs),
  };
};

async function measureDecoders() {
  const wasm = readFileSync(resolveFrom.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
  const warmUp = renderFrame({ module: 4, rotation: 0, tilt: 0, blur: 0, light: 'full', noise: 0 }, prng('warm-up'));
  for (const decoder of decoders) {
    if ((await decoder.decode(warmUp)) !== CODE_TEXT) throw new Error(`${decoder.name} does not read the warm-up frame`);
  }
  const overall = byNoise();
  const empty = byNoise();
  const rows: string[] = [];
  let renderMs = 0;
  for (const c of conditions()) {
    const random = prng(conditionKey(c));
    const tallies = decoders.map(newTally);
    for (let f = 0; f < FRAMES; f++) {
      const started = performance.now();
      const frame = renderFrame(c, random);
      renderMs += performance.now() - started;
      // Each frame's decoders in turn, starting with a different one each frame.
      for (let k = 0; k < decoders.length; k++) {
        const d = (f + k) % decoders.length;
        const before = performance.now();
        const text = await decoders[d]!.decode(frame);
        const ms = performance.now() - before;
        for (const tally of [tallies[d]!, (c.empty ? empty : overall).get(String(c.noise))![d]!]) {
          tally.frames++;
          tally.ms.push(ms);
          if (text === CODE_TEXT) {
            tally.ok++;
            tally.okMs.push(ms);
          } else tally.failedMs.push(ms);
        }
      }
    }
    const cells = tallies.map(
      (t) =>
        `| ${c.empty ? '-' : `${t.ok}/${t.frames}`} | ${percentile(t.ms, 0.5).toFixed(1)} / ${percentile(t.ms, 0.9).toFixed(1)} `,
    );
    const light = c.empty ? 'no code: the wall only' : LIGHTS[c.light];
    const row = `| ${c.empty ? '-' : c.module} | ${c.rotation} | ${c.tilt} | ${c.blur} | ${light} | ${c.noise} ${cells.join('')}|`;
    rows.push(row);
    process.stderr.write(`${row}\n`);
  }
  return { rows, overall, empty, renderMs };
}

function compressed(bytes: Uint8Array) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    // As the build's .br copies are made (apps/web/vite.config.ts).
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

function downloadSizes(): string[] {
  const jsqrFile = resolveFrom.resolve('jsqr');
  const jsqr = compressed(Buffer.from(transformSync(readFileSync(jsqrFile, 'utf8'), { minify: true, loader: 'js' }).code));
  // Decision 035's decoder chunk (zxing-detector.ts): barcode-detector/ponyfill, which inlines zxing-wasm/reader's JS.
  const bundle = buildSync({
    stdin: {
      contents: "export { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';",
      resolveDir: path.join(root, 'apps/web'),
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  });
  const glue = compressed(bundle.outputFiles[0]!.contents);
  const wasm = compressed(readFileSync(resolveFrom.resolve('zxing-wasm/reader/zxing_reader.wasm')));
  const seconds = (bytes: number) => ((bytes * 8) / LINK_BITS_PER_SEC + ROUND_TRIP_SEC).toFixed(1);
  const kB = (bytes: number) => (bytes / 1000).toFixed(1);
  const row = (what: string, s: { raw: number; gzip: number; brotli: number }) =>
    `| ${what} | ${kB(s.raw)} | ${kB(s.gzip)} | ${kB(s.brotli)} | ${seconds(s.gzip)} | ${seconds(s.brotli)} |`;
  const sum = (a: typeof glue, b: typeof glue) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });
  return [
    '| download | raw kB | gzip -9 kB | brotli 11 kB | s at 400 kbit/s, gzip | s, brotli |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row(`jsQR: ${path.relative(root, jsqrFile)}, esbuild --minify`, jsqr),
    row('zxing-wasm: the JS, esbuild bundle of barcode-detector/ponyfill, minified', glue),
    row(`zxing-wasm: ${path.relative(root, resolveFrom.resolve('zxing-wasm/reader/zxing_reader.wasm'))}`, wasm),
    row('zxing-wasm: both (one round trip counted)', sum(glue, wasm)),
  ];
}

const machine = describeMachine();
const loadBefore = loadAverage();
const startedAt = performance.now();
const cpuBefore = process.cpuUsage();
const { rows, overall, empty, renderMs } = await measureDecoders();
const sizes = downloadSizes();
const cpu = process.cpuUsage(cpuBefore);
const wallSec = (performance.now() - startedAt) / 1000;

const header = decoders.map((d) => `| ${d.name}: decoded | ms p50 / p90 `).join('');
const ms = (xs: number[]) => (xs.length ? percentile(xs, 0.5).toFixed(1) : '-');
const summary = [...NOISES.map(String), 'all'].flatMap((noise) =>
  decoders.map((d, i) => {
    const t = noise === 'all' ? total(overall, i) : overall.get(noise)![i]!;
    const e = noise === 'all' ? total(empty, i) : empty.get(noise)![i]!;
    return (
      `| ${d.name} | ${noise} | ${t.ok}/${t.frames} (${((100 * t.ok) / t.frames).toFixed(0)}%) | ${ms(t.ms)} | ${percentile(t.ms, 0.9).toFixed(1)} ` +
      `| ${ms(t.okMs)} | ${ms(t.failedMs)} | ${ms(e.ms)} |`
    );
  }),
);
const markdown = [
  '## QR decoders on camera-like frames (bench/qr-decoders.ts)',
  '',
  `${machine.date}; ${machine.nproc} cores (nproc), ${machine.cpu}; memory ${machine.memory}; Node ${machine.node}; ` +
    `load average ${loadBefore} before, ${loadAverage()} after (1, 5, 15 min; the machine is shared).`,
  '',
  `Frames ${WIDTH}x${HEIGHT} RGBA (the scan region of a ${VIDEO.width}x${VIDEO.height} camera in a ${VIEW_SIDE.toFixed(0)} px view), ` +
    `"${CODE_TEXT}" (version ${(POSTER.modules - 17) / 4}, ${POSTER.modules} modules, level M); ${FRAMES} frames a condition, ` +
    `each with its own position (+-30 px), rotation (+-4 deg), tilt axis, lighting and noise; decoded: the frames read ` +
    `with the exact text; ms: the decode call alone, median / p90. zxing-wasm's readBarcodes with formats ['QRCode'] ` +
    `(the app's ponyfill's options); jsQR 1.4.0 with inversionAttempts 'dontInvert' and its default 'attemptBoth'.`,
  '',
  `| module px | rotation deg | tilt deg | blur sigma px | light | noise sigma ${header}|`,
  `| ---: | ---: | ---: | ---: | --- | ---: ${decoders.map(() => '| ---: | ---: ').join('')}|`,
  ...rows,
  '',
  'By noise, over all frames with a code (the no-code rows apart: the last column):',
  '',
  '| decoder | noise sigma | decoded | ms median | ms p90 | ms median, read | ms median, not read | ms median, no code |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...summary,
  '',
  `Download, as a browser gets it (kB = 1000 bytes; seconds = bytes x 8 / ${LINK_BITS_PER_SEC / 1000} kbit/s + ${ROUND_TRIP_SEC * 1000} ms):`,
  '',
  ...sizes,
  '',
  `Run: ${wallSec.toFixed(0)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU (rendering the frames ${(renderMs / 1000).toFixed(0)} s).`,
].join('\n');
const options = (await prettier.resolveConfig(path.join(root, 'bench/README.md'))) ?? {};
console.log(await prettier.format(markdown, { ...options, parser: 'markdown' }));
