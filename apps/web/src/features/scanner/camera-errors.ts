// The camera texts of docs/product.md §7.5, chosen from the browser's getUserMedia error name. The English words
// are in src/locales/en/game.po under camera.<name> (decision 037).
import '../../lib/game-texts';
import { catalogTexts } from '../../lib/i18n';

const cameraTexts = catalogTexts('camera', ['failed', 'permissionDenied', 'notFound', 'inUse', 'noCameras']);

/** Thrown when the device has no camera at all (no media API, or no video input listed). */
export class NoCamerasError extends Error {
  constructor() {
    super(cameraTexts.noCameras);
    this.name = 'NoCamerasError';
  }
}

export function cameraErrorText(error: unknown): string {
  if (error instanceof NoCamerasError) return error.message;
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  const message = error instanceof Error ? error.message : String(error);
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return cameraTexts.failed + cameraTexts.permissionDenied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return cameraTexts.failed + cameraTexts.notFound;
    case 'NotReadableError':
    case 'TrackStartError':
      return cameraTexts.failed + cameraTexts.inUse;
    default:
      return cameraTexts.failed + message;
  }
}
