// GET /api/uploads/url: where to send a photo (a signed URL), its key, and the largest size accepted.
import { api } from '../../lib/api-client';

export interface UploadUrl {
  uploadUrl: string;
  key: string;
  maxBytes: number;
}

export function getUploadUrl(checkpointId: string, file: { type: string; name: string }): Promise<UploadUrl> {
  const query = new URLSearchParams({ filetype: file.type, filename: file.name.slice(0, 200), checkpointId });
  return api<UploadUrl>(`/api/uploads/url?${query.toString()}`);
}
