// Photos for the rendition tests and the bench: as a phone sends them, about 1 MB of JPEG at 2000x1500 with
// camera noise over soft shapes (so they compress like a real photo, not like pure noise), stored sideways
// with EXIF orientation 6 (shown upright as 1500x2000) and a GPS position that must never leave the server.
import sharp from 'sharp';

const PHOTO_WIDTH = 2000;
const PHOTO_HEIGHT = 1500;

export async function makePhoto(seed = 1): Promise<Buffer> {
  const coarse = await sharp({
    create: {
      width: 100,
      height: 75,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 100 + (seed % 50), sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const base = await sharp(coarse).resize(PHOTO_WIDTH, PHOTO_HEIGHT, { kernel: 'cubic' }).raw().toBuffer();
  const grain = await sharp({
    create: {
      width: PHOTO_WIDTH,
      height: PHOTO_HEIGHT,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 0, sigma: 14 },
    },
  })
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(base.length);
  for (let i = 0; i < base.length; i++) pixels[i] = Math.max(0, Math.min(255, base[i]! + grain[i]!));
  return sharp(pixels, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } })
    .withExif({ IFD0: { Make: 'Duckphone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 17/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}
