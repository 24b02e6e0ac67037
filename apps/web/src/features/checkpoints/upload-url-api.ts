// GET /api/uploads/url: where to send a photo (a signed URL and the headers to send), its key, and the largest size accepted.
import { api } from '../../lib/api-client';

export interface UploadUrl {
  uploadUrl: string;
  /** Sent with the PUT as they are: the URL is signed with them. */
  headers: Record<string, string>;
  key: string;
  maxBytes: number;
}

/**
 * The URL is signed for this file's type and exact size (decision 017). `answeredAt`: when a photo kept while
 * offline was taken, so it may still be sent shortly after its checkpoint closed (decision 036).
 */
export function getUploadUrl(
  checkpointId: string,
  file: { type: string; name: string; size: number },
  answeredAt?: number,
): Promise<UploadUrl> {
  const query = new URLSearchParams({
    filetype: file.type,
    filename: file.name.slice(0, 200),
    checkpointId,
    filesize: String(file.size),
    ...(answeredAt === undefined ? {} : { answeredAt: String(answeredAt) }),
  });
  return api<UploadUrl>(`/api/uploads/url?${query.toString()}`);
}
