// JPEG bytes for the photo journeys: an APP1 Exif segment with camera location (GPS) and an orientation,
// spliced into a JPEG as a phone camera writes it, and readers for what a stored photo holds (its size
// from the SOF header, its metadata segments).

/** A TIFF/Exif block (big-endian): IFD0 with Orientation and a GPS IFD (latitude, longitude, both refs). */
export function exifWithGps(options: { orientation: number; latitude: number; longitude: number }): Buffer {
  // Layout: header (8) | IFD0: 2 entries (2 + 2*12 + 4 = 30) | GPS IFD: 4 entries (2 + 4*12 + 4 = 54) | 6 rationals (48)
  const ifd0 = 8;
  const gpsIfd = ifd0 + 30;
  const rationals = gpsIfd + 54;
  const tiff = Buffer.alloc(rationals + 48);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(ifd0, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: (b: Buffer, o: number) => void) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    value(tiff, at + 8);
  };
  const SHORT = 3;
  const LONG = 4;
  const ASCII = 2;
  const RATIONAL = 5;
  tiff.writeUInt16BE(2, ifd0);
  entry(ifd0 + 2, 0x0112, SHORT, 1, (b, o) => b.writeUInt16BE(options.orientation, o)); // Orientation
  entry(ifd0 + 14, 0x8825, LONG, 1, (b, o) => b.writeUInt32BE(gpsIfd, o)); // GPS IFD pointer
  tiff.writeUInt32BE(0, ifd0 + 26);
  const dms = (degrees: number) => {
    const d = Math.floor(Math.abs(degrees));
    const m = Math.floor((Math.abs(degrees) - d) * 60);
    const s = Math.round(((Math.abs(degrees) - d) * 60 - m) * 60 * 100);
    return [
      [d, 1],
      [m, 1],
      [s, 100],
    ];
  };
  [...dms(options.latitude), ...dms(options.longitude)].forEach(([n, d], i) => {
    tiff.writeUInt32BE(n!, rationals + i * 8);
    tiff.writeUInt32BE(d!, rationals + i * 8 + 4);
  });
  tiff.writeUInt16BE(4, gpsIfd);
  entry(gpsIfd + 2, 0x0001, ASCII, 2, (b, o) => b.write(options.latitude >= 0 ? 'N\0' : 'S\0', o, 'latin1'));
  entry(gpsIfd + 14, 0x0002, RATIONAL, 3, (b, o) => b.writeUInt32BE(rationals, o));
  entry(gpsIfd + 26, 0x0003, ASCII, 2, (b, o) => b.write(options.longitude >= 0 ? 'E\0' : 'W\0', o, 'latin1'));
  entry(gpsIfd + 38, 0x0004, RATIONAL, 3, (b, o) => b.writeUInt32BE(rationals + 24, o));
  tiff.writeUInt32BE(0, gpsIfd + 50);
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

/** The JPEG with an APP1 segment holding `exif` right after its SOI marker (where cameras put it). */
export function withExif(jpeg: Buffer, exif: Buffer): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(exif.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, exif, jpeg.subarray(2)]);
}

export interface JpegSegments {
  width: number;
  height: number;
  /** Marker bytes (0xe0-0xef for APPn) of every segment before the image data, and each one's first bytes. */
  segments: { marker: number; head: string }[];
}

/** Walks a JPEG's segments up to its image data: its size (from SOFn) and the metadata it carries. */
export function readJpeg(jpeg: Buffer): JpegSegments {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  const segments: JpegSegments['segments'] = [];
  let width = 0;
  let height = 0;
  let at = 2;
  while (at + 4 <= jpeg.length) {
    if (jpeg[at] !== 0xff) throw new Error(`no marker at ${at}`);
    const marker = jpeg[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = jpeg.readUInt16BE(at + 2);
    segments.push({ marker, head: jpeg.subarray(at + 4, at + 4 + Math.min(length - 2, 8)).toString('latin1') });
    // SOF0-SOF15 except DHT (c4), JPG (c8) and DAC (cc): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      height = jpeg.readUInt16BE(at + 5);
      width = jpeg.readUInt16BE(at + 7);
    }
    if (marker === 0xda) break; // start of scan: the image data follows
    at += 2 + length;
  }
  return { width, height, segments };
}
