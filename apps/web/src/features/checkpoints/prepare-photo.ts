// Prepares a chosen photo for upload in the browser (decision 027), loaded only when a photo is sent (its
// own chunk): decoded with its EXIF orientation applied, drawn with its longest side at most 2,000 px,
// and encoded again as JPEG. The new file carries no metadata at all (no location, camera or time).
import { UPLOAD_MAX_BYTES } from '@quackquest/contract/core';
import { PHOTO_QUALITIES, fitWithin } from './photo-size';

/** The browser could not open the photo (HEIC on most browsers but Safari, or a damaged file). */
class UndecodablePhotoError extends Error {}

export async function preparePhoto(file: File): Promise<File> {
  const image = await decode(file);
  try {
    const size = fitWithin(image.width, image.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new UndecodablePhotoError('no 2d canvas');
    // A transparent PNG or GIF becomes white, not black, as a JPEG.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image.source, 0, 0, size.width, size.height);
    for (const quality of PHOTO_QUALITIES) {
      const blob = await toJpeg(canvas, quality);
      if (blob.size <= UPLOAD_MAX_BYTES) return new File([blob], jpegName(file.name), { type: 'image/jpeg' });
    }
    throw new UndecodablePhotoError('too large even as JPEG');
  } finally {
    image.close();
  }
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close: () => void;
}

async function decode(file: File): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // Some browsers decode in an <img> what createImageBitmap refuses: try that before giving up.
    }
  }
  // An <img> applies the EXIF orientation too (CSS image-orientation: from-image, the default).
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new UndecodablePhotoError('not decodable');
  }
  return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => URL.revokeObjectURL(url) };
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new UndecodablePhotoError('not encodable'))), 'image/jpeg', quality);
  });
}

/** "IMG_0042.HEIC" is sent as "IMG_0042.jpg". */
function jpegName(name: string): string {
  return `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;
}
