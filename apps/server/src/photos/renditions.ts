// A stored photo as it is sent (decision 054): a WebP rendition made from the original on first request,
// upright (EXIF orientation applied) and without metadata (no location, camera or time), kept in Storage
// under a key derived from the photo's, and read from there ever after. Made lazily rather than at upload:
// an upload to S3 never passes through the server, and a photo nobody looks at costs nothing.
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { UPLOAD_MAX_BYTES, type PhotoSize } from '@quackquest/contract';
import sharp from 'sharp';
import { DomainError } from '../domain/errors';
import type { Storage } from '../uploads/storage';
import { RENDITIONS, type RenditionSize, renditionKey } from './rendition-keys';

export interface PhotoBody {
  body: Readable | Buffer;
  contentType: string;
}

/**
 * The prebuilt libvips of sharp decodes HEIF only with AV1 inside (AVIF): HEVC-coded HEIC is patent-encumbered
 * and left out. Such a photo is sent as uploaded; the app's own uploads are JPEG (decision 027).
 */
const DECODABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const UNREADABLE = 'This photo cannot be shown: its file could not be read as an image. Open the original to see it.';

/** Renditions being made by this instance, by key: a second request for one waits for the first (single flight). */
const making = new Map<string, Promise<Buffer>>();

/** A stored photo in the size asked for; undefined when the store no longer holds it. */
export async function openPhoto(
  storage: Storage,
  photo: { key: string; contentType: string },
  size: PhotoSize,
): Promise<PhotoBody | undefined> {
  const original = async () => {
    const body = await storage.read(photo.key);
    return body && { body, contentType: photo.contentType };
  };
  if (size === 'original' || !DECODABLE.has(photo.contentType)) return original();
  const key = renditionKey(photo.key, size);
  const kept = await storage.read(key);
  // Read whole (a few hundred kB at most): sent with its length, so a browser can show its progress.
  if (kept) return { body: await buffer(kept), contentType: 'image/webp' };
  let made = making.get(key);
  if (!made) {
    made = makeRendition(storage, photo.key, size).finally(() => making.delete(key));
    making.set(key, made);
  }
  return { body: await made, contentType: 'image/webp' };
}

async function makeRendition(storage: Storage, key: string, size: RenditionSize): Promise<Buffer> {
  const source = await storage.read(key);
  if (!source) throw new DomainError('not_found', 'This answer has no photo.');
  const original = await buffer(source);
  // The upload limit holds for what is stored; a larger object is not ours to decode.
  if (original.length > UPLOAD_MAX_BYTES) throw new DomainError('mismatch', UNREADABLE);
  const bytes = await renderPhoto(original, size).catch((error: unknown) => {
    throw new DomainError('mismatch', UNREADABLE, { cause: error });
  });
  // Create-once: an instance that made it at the same moment keeps its own, equal, bytes. A store that refuses the
  // write now (full, unreachable) costs the next request another rendering, not this one its photo.
  await storage.save(renditionKey(key, size), bytes, 'image/webp').catch(() => false);
  return bytes;
}

/** The rendition's bytes: upright, at most the size's longest side, WebP, with no metadata kept. */
async function renderPhoto(original: Buffer, size: RenditionSize): Promise<Buffer> {
  const { longSide, quality } = RENDITIONS[size];
  // 60 MP: a 48 MP phone's original (an app older than decision 027 sends those) passes; a small file that
  // unpacks to a huge image (a PNG of one colour) is refused before it is decoded.
  return sharp(original, { failOn: 'error', limitInputPixels: 60_000_000 })
    .rotate()
    .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer();
}
