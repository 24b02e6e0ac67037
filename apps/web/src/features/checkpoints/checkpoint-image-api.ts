// GET /api/checkpoint-image: the URL of a checkpoint's picture.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

function getCheckpointImage(imgId: string): Promise<{ imageUrl?: string; url?: string }> {
  return api<{ imageUrl?: string; url?: string }>(`/api/checkpoint-image?img_id=${encodeURIComponent(imgId)}`);
}

export function useCheckpointImage(imgId: string | null) {
  return useQuery({
    queryKey: ['checkpoint-image', imgId],
    queryFn: () => getCheckpointImage(imgId!),
    select: (body) => body.imageUrl ?? body.url ?? null,
    enabled: imgId !== null,
    staleTime: Infinity,
    retry: false,
  });
}
