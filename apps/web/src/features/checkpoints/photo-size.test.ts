import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_SIDE, fitWithin, formatBytes, uploadProgressText } from './photo-size';

describe('fitWithin', () => {
  it('brings a 4000x3000 camera photo to 2000x1500, and a portrait one to 1500x2000', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1500, height: 2000 });
  });

  it('keeps the proportions of odd sizes, rounding to whole pixels', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(5000, 1)).toEqual({ width: 2000, height: 1 });
    expect(fitWithin(12000, 1000)).toEqual({ width: 2000, height: 167 });
  });

  it('never enlarges a photo already small enough', () => {
    expect(fitWithin(PHOTO_MAX_SIDE, 1000)).toEqual({ width: PHOTO_MAX_SIDE, height: 1000 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });
});

describe('upload progress', () => {
  it('shows the share sent as a whole percent that never rounds up to 100 before the end', () => {
    expect(uploadProgressText(0, 1000).percent).toBe('Uploading... 0%');
    expect(uploadProgressText(420, 1000).percent).toBe('Uploading... 42%');
    expect(uploadProgressText(999, 1000).percent).toBe('Uploading... 99%');
    expect(uploadProgressText(1000, 1000).percent).toBe('Uploading... 100%');
  });

  it('shows the bytes, so a slow connection moves between two percents', () => {
    expect(uploadProgressText(50_000, 1_048_576)).toMatchObject({ sent: '49 kB', total: '1.0 MB' });
    expect(uploadProgressText(650_000, 1_300_000)).toMatchObject({ sent: '0.6 MB', total: '1.2 MB' });
  });

  it('stays within 0 and the total for odd progress events, and without a total shows bytes alone', () => {
    expect(uploadProgressText(2000, 1000).percent).toBe('Uploading... 100%');
    expect(uploadProgressText(-5, 1000).percent).toBe('Uploading... 0%');
    expect(uploadProgressText(300_000, 0)).toEqual({ percent: 'Uploading...', sent: '0.3 MB', total: null });
  });

  it('formats sizes the way the server states its limit (1 MB = 1,048,576 bytes)', () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe('10.0 MB');
    expect(formatBytes(512)).toBe('1 kB');
  });
});
