// The photo upload of docs/product.md §11, difference 6: sent at once through a signed URL, kept in
// localStorage (pendingImageUpload) only so it can be retried, and cleared on success.
import { UPLOAD_CONTENT_TYPES } from '@quackquest/contract/core';
import { ApiError, apiLanguage, networkErrorText, refusalOf } from '../../lib/api-client';
import { visitorCall } from '../../lib/visitor-first';
import { keys, read, remove, write } from '../../lib/storage';
import '../../lib/game-texts';
import { catalogTexts } from '../../lib/i18n';

// The English words are in src/locales/en/game.po under upload.<name> (decision 037).
export const uploadTexts = catalogTexts('upload', ['success', 'failed', 'preparing', 'cancelled', 'undecodable']);

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

/** The visitor pressed Cancel: not a failure, nothing to report. */
export class UploadCancelled extends Error {}

/**
 * Sends the photo with the headers its URL was signed with (the browser adds its Content-Length), through
 * XMLHttpRequest because fetch reports no upload progress. `onProgress` gets the bytes sent so far; the
 * signal cancels (the promise then rejects with UploadCancelled).
 */
export function putUpload(
  uploadUrl: string,
  file: Blob,
  headers: Record<string, string>,
  { onProgress, signal }: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadCancelled());
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadUrl);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const uploaded = visitorCall();
    const settle = (outcome: () => void) => {
      uploaded();
      signal?.removeEventListener('abort', abort);
      outcome();
    };
    xhr.onabort = () => settle(() => reject(new UploadCancelled()));
    xhr.onerror = () => settle(() => reject(new ApiError(0, networkErrorText())));
    xhr.ontimeout = xhr.onerror;
    xhr.onload = () =>
      settle(() => {
        if (xhr.status >= 200 && xhr.status < 300) return resolve();
        const refused = refusalOf(parseRefusal(xhr.responseText));
        reject(new ApiError(xhr.status, apiLanguage.refusalText(refused) || uploadTexts.failed, refused.code, refused.params));
      });
    xhr.send(file);
  });
}

/** The server's refusal of an upload; S3 answers in XML, which gives none (the generic text is shown). */
function parseRefusal(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
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
