// The checkpoint calls of DESIGN.md's API table: the list (with this user's attempts), an image, an
// attempt, and the photo upload URL.
import type { AttemptResult, Checkpoint } from '@quackquest/contract/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const checkpointsQueryKey = ['checkpoints'] as const;

export const checkpointsTexts = {
  fetchFailed: 'Failed to fetch checkpoints.',
  parseFailed: 'Failed to parse checkpoints data.',
} as const;

export class CheckpointsParseError extends Error {
  constructor() {
    super(checkpointsTexts.parseFailed);
  }
}

export async function getCheckpoints(): Promise<Checkpoint[]> {
  const body = await api<{ data?: unknown } | undefined>('/api/checkpoints');
  if (!Array.isArray(body?.data)) throw new CheckpointsParseError();
  return body.data as Checkpoint[];
}

export function useCheckpoints() {
  return useQuery({ queryKey: checkpointsQueryKey, queryFn: getCheckpoints });
}

export function useCheckpointImage(imgId: string | null) {
  return useQuery({
    queryKey: ['checkpoint-image', imgId],
    queryFn: () => api<{ imageUrl?: string; url?: string }>(`/api/checkpoint-image?img_id=${encodeURIComponent(imgId!)}`),
    select: (body) => body.imageUrl ?? body.url ?? null,
    enabled: imgId !== null,
    staleTime: Infinity,
    retry: false,
  });
}

export function postAttempt(checkpointId: string, answer: string | string[]): Promise<AttemptResult> {
  return api<AttemptResult>(`/api/checkpoints/${encodeURIComponent(checkpointId)}/attempts`, {
    method: 'POST',
    body: { answer },
  });
}

export interface UploadUrl {
  uploadUrl: string;
  key: string;
  maxBytes: number;
}

export function getUploadUrl(checkpointId: string, file: { type: string; name: string }): Promise<UploadUrl> {
  const query = new URLSearchParams({ filetype: file.type, filename: file.name.slice(0, 200), checkpointId });
  return api<UploadUrl>(`/api/uploads/url?${query.toString()}`);
}
