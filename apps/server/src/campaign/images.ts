// A pack's images: named exactly as their files are, and holding the kind of image their extension says.
import { closeSync, existsSync, openSync, readSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** `images/<file>`: one file directly under images/, .svg .png .jpg .jpeg or .webp in any letter case. */
export const IMAGE_PATH = /^images\/[\w-]+(\.[\w-]+)*\.(svg|png|jpe?g|webp)$/i;
/** A background video of the welcome page (campaign.yaml look.backgroundVideos): `images/<file>.webm` or `.mp4`. */
export const VIDEO_PATH = /^images\/[\w-]+(\.[\w-]+)*\.(webm|mp4)$/i;

type Kind = 'SVG' | 'PNG' | 'JPEG' | 'WebP' | 'GIF' | 'WebM' | 'MP4';

const kindOfExtension = (name: string): Kind => {
  const ext = path.extname(name).slice(1).toLowerCase();
  const kinds: Record<string, Kind> = { svg: 'SVG', png: 'PNG', webp: 'WebP', webm: 'WebM', mp4: 'MP4' };
  return kinds[ext] ?? 'JPEG';
};

/** What the first bytes say the file is; undefined for none of the kinds above. */
function sniffImage(head: Buffer): Kind | undefined {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'PNG';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'JPEG';
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'WebP';
  if (/^GIF8[79]a/.test(head.toString('latin1', 0, 6))) return 'GIF';
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'WebM';
  if (head.toString('latin1', 4, 8) === 'ftyp') return 'MP4';
  // SVG is text: after an optional byte order mark, XML declaration, comments or doctype comes <svg.
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const rest = text.replace(/^(\s*(<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>))*\s*/i, '');
  if (/^<svg[\s>/]/.test(rest)) return 'SVG';
  return undefined;
}

/**
 * The problem with `image` (a path under images/) in `contentDir`, or undefined when there is none. The name must
 * match a file's name exactly, letter case included, on every system: a pack checked on a laptop that ignores
 * case must not lose its images on a server that does not.
 */
export function imageProblem(contentDir: string, image: string): string | undefined {
  const folder = path.join(contentDir, 'images');
  const file = image.slice('images/'.length);
  const names = existsSync(folder) ? readdirSync(folder) : [];
  if (!names.includes(file)) {
    const near = names.find((name) => name.toLowerCase() === file.toLowerCase());
    return near
      ? `${image} does not exist; the file is images/${near} (the name must match it exactly, letter case included)`
      : `${image} does not exist`;
  }
  const head = Buffer.alloc(4096);
  const fd = openSync(path.join(folder, file), 'r');
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const expected = kindOfExtension(file);
  const actual = sniffImage(head.subarray(0, read));
  if (actual === expected) return undefined;
  if (actual === 'GIF') return `${image} is a GIF image; a pack's images are SVG, PNG, JPEG or WebP`;
  if (expected === 'WebM' || expected === 'MP4') {
    return actual
      ? `${image} is a ${actual} file, not a ${expected} video as its name says`
      : `${image} is not a ${expected} video`;
  }
  return actual
    ? `${image} is a ${actual} image, not ${expected} as its name says (rename the file or convert it)`
    : `${image} is not a ${expected} image (its content is not one)`;
}
