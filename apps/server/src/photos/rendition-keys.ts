// The renditions of a stored photo (decision 054): their sizes, and their keys in Storage, derived from the
// photo's own key so that removing a photo (an erased visitor, an unused upload) can remove them too.

export type RenditionSize = 'thumb' | 'screen';

export interface Rendition {
  /** Longest side in pixels; a smaller photo is never enlarged. */
  longSide: number;
  /** WebP quality (0-100). */
  quality: number;
}

export const RENDITIONS: Record<RenditionSize, Rendition> = {
  // A card of the review list: a photo box about 350x260 CSS px on a phone, soft at 2-3x but enough to see what
  // the photo shows; the screen size is a tap away. ~25 kB: half a second on the ship's link.
  thumb: { longSide: 320, quality: 70 },
  // A laptop's screen or a phone zoomed in: enough to judge a face or a sign in the photo.
  screen: { longSide: 1280, quality: 80 },
};

export function renditionKey(key: string, size: RenditionSize): string {
  return `${key}.${size}.webp`;
}

export function renditionKeys(key: string): string[] {
  return (Object.keys(RENDITIONS) as RenditionSize[]).map((size) => renditionKey(key, size));
}
