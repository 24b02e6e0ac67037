// The pure parts of preparing and sending a photo (decision 027): the size it is resized to, and the
// progress the visitor reads while it is sent.
import { t } from '../../lib/i18n';
import '../../lib/game-texts';

/** The longest side of a photo as uploaded: enough to judge a selfie or a scene on any screen, ~0.3-1 MB as JPEG. */
export const PHOTO_MAX_SIDE = 2000;
/** JPEG quality of the re-encoded photo; lower ones are tried only if a photo would still be over the server's limit. */
export const PHOTO_QUALITIES = [0.85, 0.7, 0.5] as const;

/** The size a width x height photo is drawn at: its longest side at most `maxSide`, proportions kept, never enlarged. */
export function fitWithin(width: number, height: number, maxSide = PHOTO_MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** "0.6 MB" with one decimal (1 MB = 1,048,576 bytes, as the server's "10 MB" limit); below 0.1 MB in kB. */
export function formatBytes(bytes: number): string {
  if (bytes < 100 * 1024) return `${Math.max(0, Math.round(bytes / 1024))} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * What the visitor reads while the photo is sent: "Uploading... 42%" (the original app's "Uploading..."
 * with the share sent), and the bytes sent of the total ("0.6 MB", "1.2 MB"; the sentence around them is the
 * screen's), so a slow connection still shows movement between two percents.
 */
export function uploadProgressText(sent: number, total: number): { percent: string; sent: string; total: string | null } {
  if (!(total > 0)) return { percent: t('checkpoint.uploading'), sent: formatBytes(sent), total: null };
  const clamped = Math.min(Math.max(sent, 0), total);
  const percent = Math.floor((clamped / total) * 100);
  return { percent: t('upload.percent', { percent }), sent: formatBytes(clamped), total: formatBytes(total) };
}
