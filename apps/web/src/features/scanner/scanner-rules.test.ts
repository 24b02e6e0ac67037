import { describe, expect, it } from 'vitest';
import { NoCamerasError, cameraErrorText } from './camera-errors';
import { isBackCamera } from './camera';
import { scanRegion } from './scan-region';

const named = (name: string, message = 'boom') => Object.assign(new Error(message), { name });

describe('camera errors (docs/product.md §7.5)', () => {
  it.each([
    [named('NotAllowedError'), 'Camera access failed: Permission denied. Please allow camera access.'],
    [named('PermissionDeniedError'), 'Camera access failed: Permission denied. Please allow camera access.'],
    [named('NotFoundError'), 'Camera access failed: No camera found on this device.'],
    [named('DevicesNotFoundError'), 'Camera access failed: No camera found on this device.'],
    [named('NotReadableError'), 'Camera access failed: Camera is already in use by another application.'],
    [named('TrackStartError'), 'Camera access failed: Camera is already in use by another application.'],
    [named('AbortError', 'Timeout starting video source'), 'Camera access failed: Timeout starting video source'],
    [new NoCamerasError(), 'No cameras found on this device'],
  ])('%o -> %s', (error, expected) => {
    expect(cameraErrorText(error)).toBe(expected);
  });
});

describe('isBackCamera', () => {
  it.each([
    ['camera2 0, facing back', true],
    ['Rear Camera', true],
    ['environment', true],
    ['FaceTime HD Camera', false],
    ['', false],
  ])('%s -> %s', (label, expected) => {
    expect(isBackCamera(label)).toBe(expected);
  });
});

describe('scanRegion (250x250 box through object-fit: cover)', () => {
  it('reads the box plus its margin from the middle of a landscape frame', () => {
    // 1280x720 in a 339 px square: scale 339/720; the 250 px box is 531 frame pixels, 1.5x is 796.
    const region = scanRegion({ width: 1280, height: 720 }, { width: 339, height: 339 });
    expect(region).toEqual({ sx: 242, sy: 0, sw: 796, sh: 720 });
  });

  it('keeps the box within a small view (320 px phones)', () => {
    const region = scanRegion({ width: 640, height: 480 }, { width: 200, height: 200 }, 250, 1);
    expect(region).toEqual({ sx: 80, sy: 0, sw: 480, sh: 480 });
  });

  it('reads a centred square when the frame is much larger than the box', () => {
    expect(scanRegion({ width: 1000, height: 1000 }, { width: 1000, height: 1000 }, 250, 1)).toEqual({
      sx: 375,
      sy: 375,
      sw: 250,
      sh: 250,
    });
  });

  it('reads nothing before the video has a size, and everything before the view has one', () => {
    expect(scanRegion({ width: 0, height: 0 }, { width: 300, height: 300 })).toEqual({ sx: 0, sy: 0, sw: 0, sh: 0 });
    expect(scanRegion({ width: 640, height: 480 }, { width: 0, height: 0 })).toEqual({ sx: 0, sy: 0, sw: 640, sh: 480 });
  });
});
