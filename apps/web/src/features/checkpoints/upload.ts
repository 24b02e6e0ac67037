// The photo upload of docs/product.md §11, difference 6: sent at once through a signed URL, kept in
// localStorage (pendingImageUpload) only so it can be retried, and cleared on success.
import { UPLOAD_CONTENT_TYPES, messages } from '@quackquest/contract/core';
import { ApiError, networkErrorText } from '../../lib/api-client';
import { keys, read, remove, write } from '../../lib/storage';

export const uploadTexts = {
  success: 'Upload successful!',
  tooLarge: `${messages.uploadTooLarge} Please choose a smaller one.`,
  failed: 'The photo could not be uploaded. Please try again.',
} as const;

export interface PendingImageUpload {
  fileName: string;
  fileType: string;
  fileSize: number;
  base64: string;
  checkpointId: string;
  timestamp: number;
}

/** The upload's content type: the file's own, or one guessed from its name when the browser gives none. */
export function uploadContentType(file: { type: string; name: string }): string | null {
  if ((UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)) return file.type;
  if (file.type) return null;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  const byExtension: Record<string, string> = {
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    png: 'image/png',
    webp: 'image/webp',
    gif: 'image/gif',
    heic: 'image/heic',
  };
  return (extension && byExtension[extension]) || null;
}

/** Sends the photo with the headers its URL was signed with (the browser adds its Content-Length). */
export async function putUpload(uploadUrl: string, file: Blob, headers: Record<string, string>): Promise<void> {
  let response: Response;
  try {
    response = await fetch(uploadUrl, { method: 'PUT', body: file, headers });
  } catch {
    throw new ApiError(0, networkErrorText);
  }
  if (response.ok) return;
  let message = '';
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // S3 answers in XML: fall back to the generic text below.
  }
  throw new ApiError(response.status, message || uploadTexts.failed);
}

export async function savePendingUpload(file: File, checkpointId: string): Promise<void> {
  const base64 = await readAsBase64(file);
  const record: PendingImageUpload = {
    fileName: file.name,
    fileType: file.type,
    fileSize: file.size,
    base64,
    checkpointId,
    timestamp: Date.now(),
  };
  // A photo too large for storage simply is not kept: the upload itself goes on.
  write(keys.pendingImageUpload, JSON.stringify(record));
}

export function readPendingUpload(checkpointId: string): File | null {
  try {
    const record = JSON.parse(read(keys.pendingImageUpload) ?? 'null') as PendingImageUpload | null;
    if (!record || record.checkpointId !== checkpointId || !record.base64) return null;
    const bytes = Uint8Array.from(atob(record.base64), (c) => c.charCodeAt(0));
    return new File([bytes], record.fileName, { type: record.fileType, lastModified: record.timestamp });
  } catch {
    return null;
  }
}

export function clearPendingUpload(): void {
  remove(keys.pendingImageUpload);
}

function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
