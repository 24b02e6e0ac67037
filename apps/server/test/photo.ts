// Photos for the rendition tests, the journeys and the bench: as a phone sends them, about 1 MB of JPEG at
// 2000x1500 with camera noise over soft shapes (so they compress like a real photo, not like pure noise), a duck
// and "UP" drawn at its top, stored sideways with EXIF orientation 6 (shown upright as 1500x2000, as a phone held
// upright stores it) and a GPS position that must never leave the server.
import sharp from 'sharp';

const WIDTH = 1500;
const HEIGHT = 2000;

export async function makePhoto(seed = 1): Promise<Buffer> {
  const coarse = await sharp({
    create: {
      width: 75,
      height: 100,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 100 + (seed % 50), sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const scene = `<svg width="${WIDTH}" height="${HEIGHT}" xmlns="http://www.w3.org/2000/svg">
    <ellipse cx="750" cy="1150" rx="420" ry="300" fill="#f5c518"/><circle cx="980" cy="800" r="200" fill="#f5c518"/>
    <polygon points="1150,780 1330,830 1150,880" fill="#f08a24"/><circle cx="1030" cy="760" r="28" fill="#111"/>
    <text x="750" y="300" font-size="260" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="#fff">UP ${seed}</text>
  </svg>`;
  const upright = await sharp(coarse)
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .composite([{ input: Buffer.from(scene) }])
    .removeAlpha()
    .raw()
    .toBuffer();
  const grain = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 0, sigma: 14 } },
  })
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(upright.length);
  for (let i = 0; i < upright.length; i++) pixels[i] = Math.max(0, Math.min(255, upright[i]! + grain[i]!));
  // Sideways as the sensor read it: orientation 6 says "turn 90 degrees clockwise to show".
  const sideways = await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .rotate(270)
    .raw()
    .toBuffer();
  return sharp(sideways, { raw: { width: HEIGHT, height: WIDTH, channels: 3 } })
    .withExif({ IFD0: { Make: 'Duckphone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 17/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}
