// Which part of the video frame is read: the 250x250 scan box of docs/product.md §8, as seen on screen
// through `object-fit: cover`, widened by a margin so a code that fills the box keeps its quiet zone.

export const SCAN_BOX_SIZE = 250;
export const SCAN_FPS = 10;
/** The region read is this many times the box's side, clamped to the frame. */
const SCAN_REGION_FACTOR = 1.5;

export interface Region {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

export function scanRegion(
  video: { width: number; height: number },
  view: { width: number; height: number },
  boxSize = SCAN_BOX_SIZE,
  factor = SCAN_REGION_FACTOR,
): Region {
  if (video.width <= 0 || video.height <= 0) return { sx: 0, sy: 0, sw: 0, sh: 0 };
  if (view.width <= 0 || view.height <= 0) return { sx: 0, sy: 0, sw: video.width, sh: video.height };
  // object-fit: cover scales the frame by the larger ratio and centres it.
  const scale = Math.max(view.width / video.width, view.height / video.height);
  const box = Math.min(boxSize, view.width, view.height);
  const side = (box / scale) * factor;
  const sw = Math.round(Math.min(side, video.width));
  const sh = Math.round(Math.min(side, video.height));
  return { sx: Math.round((video.width - sw) / 2), sy: Math.round((video.height - sh) / 2), sw, sh };
}
