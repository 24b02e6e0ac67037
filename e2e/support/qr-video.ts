// Fake-camera videos for the scan journeys: Chromium plays a Y4M file as its camera
// (--use-file-for-fake-video-capture) and loops it. Each video shows QR codes one after another, each
// for a number of seconds, centred on a white 1280x720 picture.
//
// The QR modules come from the `qrcode` package; the frames are written as raw Y4M (4:2:0, grey only:
// the chroma planes are neutral) straight from the module matrix, so no image tool (ffmpeg) is needed.
// Synchronous on purpose: the file must exist before the browser that plays it is launched, that is,
// when the spec file is loaded.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';

const VIDEO_WIDTH = 1280;
const VIDEO_HEIGHT = 720;
/** Frames per second of the video; the scanner reads 10 frames a second, a still picture needs no more. */
const FPS = 5;
/** Pixels per QR module: a 25-module code is 400 px of the 720 px picture, well inside the scan box. */
const MODULE_PX = 16;
/** White modules around the code (the QR quiet zone is 4). */
const QUIET_ZONE = 4;
// 4:2:0 luma in the limited (video) range, which Chromium converts to RGB black and white.
const BLACK = 16;
const WHITE = 235;
const NEUTRAL_CHROMA = 128;

/** A grey picture, one byte a pixel (0 black, 255 white), row by row: what a screen shows, as the camera sees it. */
export interface GreyPicture {
  width: number;
  height: number;
  pixels: number[];
}

export interface QrShot {
  /** The text the QR code holds; or, in its place, `picture`. */
  text: string;
  /** A picture centred in the frame in place of a drawn code (a kiosk's screen seen from across the booth). */
  picture?: GreyPicture;
  seconds: number;
  /**
   * Sensor grain: each pixel of each frame off by up to this many luma levels (uniform, the same in every run), as a
   * phone's camera in a dim venue shows it. About 20 is more than jsQR reads (bench/qr-decoders.ts, decision 077).
   */
  grain?: number;
}

/** A copy of `plane` with grain of +-`amount` levels, drawn from a fixed seed (mulberry32) so the file is the same. */
function grainy(plane: Buffer, amount: number, seed: number): Buffer {
  const out = Buffer.from(plane);
  let state = seed >>> 0;
  for (let i = 0; i < out.length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    out[i] = Math.min(255, Math.max(0, Math.round(out[i]! + (unit * 2 - 1) * amount)));
  }
  return out;
}

/** The luma plane of a grey picture centred on white. */
function pictureLuma(picture: GreyPicture): Buffer {
  if (picture.width > VIDEO_WIDTH || picture.height > VIDEO_HEIGHT) throw new Error('the picture does not fit the frame');
  const plane = Buffer.alloc(VIDEO_WIDTH * VIDEO_HEIGHT, WHITE);
  const left = Math.floor((VIDEO_WIDTH - picture.width) / 2);
  const top = Math.floor((VIDEO_HEIGHT - picture.height) / 2);
  for (let y = 0; y < picture.height; y++) {
    for (let x = 0; x < picture.width; x++) {
      plane[(top + y) * VIDEO_WIDTH + left + x] =
        BLACK + Math.round(((picture.pixels[y * picture.width + x] ?? 255) * (WHITE - BLACK)) / 255);
    }
  }
  return plane;
}

/** The luma plane of one picture: the QR code of `text`, centred on white. */
function lumaPlane(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * QUIET_ZONE) * MODULE_PX;
  if (side > VIDEO_HEIGHT) throw new Error(`the QR code of ${JSON.stringify(text)} does not fit the picture`);
  const plane = Buffer.alloc(VIDEO_WIDTH * VIDEO_HEIGHT, WHITE);
  const left = Math.floor((VIDEO_WIDTH - modules.size * MODULE_PX) / 2);
  const top = Math.floor((VIDEO_HEIGHT - modules.size * MODULE_PX) / 2);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < MODULE_PX; y++) {
        const start = (top + row * MODULE_PX + y) * VIDEO_WIDTH + left + col * MODULE_PX;
        plane.fill(BLACK, start, start + MODULE_PX);
      }
    }
  }
  return plane;
}

/**
 * Writes (once per content: the file name is a hash of it) a Y4M video showing each QR code in turn and
 * returns its path in the system's temporary folder.
 */
export function qrVideo(shots: readonly QrShot[]): string {
  const key = createHash('sha256')
    .update(JSON.stringify({ shots, VIDEO_WIDTH, VIDEO_HEIGHT, FPS, MODULE_PX, QUIET_ZONE }))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(os.tmpdir(), `quackquest-e2e-qr-${key}.y4m`);
  const header = Buffer.from(`YUV4MPEG2 W${VIDEO_WIDTH} H${VIDEO_HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`);
  const frameHeader = Buffer.from('FRAME\n');
  const chroma = Buffer.alloc((VIDEO_WIDTH / 2) * (VIDEO_HEIGHT / 2) * 2, NEUTRAL_CHROMA);
  const frames = shots.reduce((sum, shot) => sum + Math.round(shot.seconds * FPS), 0);
  const size = header.length + frames * (frameHeader.length + VIDEO_WIDTH * VIDEO_HEIGHT + chroma.length);
  if (existsSync(file) && statSync(file).size === size) return file;

  // Written beside and renamed into place, so a parallel worker never plays a half-written file.
  const partial = `${file}.${process.pid}.part`;
  const fd = openSync(partial, 'w');
  try {
    writeSync(fd, header);
    for (const shot of shots) {
      const luma = shot.picture ? pictureLuma(shot.picture) : lumaPlane(shot.text);
      for (let i = 0; i < Math.round(shot.seconds * FPS); i++) {
        writeSync(fd, frameHeader);
        writeSync(fd, shot.grain ? grainy(luma, shot.grain, i + 1) : luma);
        writeSync(fd, chroma);
      }
    }
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
  return file;
}

/** Chromium's flags for a camera granted without asking that plays `video` (a file of qrVideo), or a test pattern. */
export function fakeCameraArgs(video?: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    ...(video ? [`--use-file-for-fake-video-capture=${video}`] : []),
  ];
}

/** A PNG picture of a QR code: a small, real image for the photo upload journeys. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', width: 240, margin: 4 });
}
