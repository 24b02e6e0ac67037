// GET /api/notices and POST /api/notices/seen (docs/product.md §5.7, decision 023): the reviewers' decisions the
// visitor has not been shown. Each is marked seen as soon as it arrives, so no other device or tab shows it again;
// this tab keeps it on screen until the visitor dismisses it.
import type { Notice, NoticeList } from '@quackquest/contract/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { meQueryKey } from '../../lib/me-api';
import { prefetchAhead, visitorQueryClient } from '../../lib/query-client';
import { checkpointsQueryKey } from './checkpoints-api';

const noticesQueryKey = ['notices'] as const;

async function readNotices(queryClient: QueryClient): Promise<Notice[]> {
  const { notices } = await api<NoticeList>('/api/notices');
  const shown = queryClient.getQueryData<Notice[]>(noticesQueryKey) ?? [];
  const fresh = notices.filter((notice) => !shown.some((s) => s.attemptId === notice.attemptId));
  if (fresh.length > 0) {
    await api('/api/notices/seen', { method: 'POST', body: { attemptIds: fresh.map((n) => n.attemptId) } }).catch(() => {
      // Not marked: it is shown again next time, which is better than never.
    });
    // Approved ducks have moved from pending to posted, a rejected answer may be tried again.
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    void queryClient.invalidateQueries({ queryKey: checkpointsQueryKey });
  }
  return [...shown, ...fresh];
}

/** Asked for as the signed-in layout's code arrives (app/signed-in.tsx), so that news is there when the screen is drawn. */
export function prefetchNotices(): void {
  void prefetchAhead({ queryKey: noticesQueryKey, queryFn: () => readNotices(visitorQueryClient()), retry: false });
}

/** The notices on screen, and a way to dismiss one. Asked when the app opens and when it comes back into view. */
export function useNotices() {
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: noticesQueryKey, queryFn: () => readNotices(queryClient), retry: false });
  const dismiss = (attemptId: number) =>
    queryClient.setQueryData<Notice[]>(noticesQueryKey, (list) => list?.filter((n) => n.attemptId !== attemptId));
  return { notices: data ?? [], dismiss };
}

/** The thumbnail of the visitor's own photo answer (GET /api/photos/:attemptId, decision 054). */
export const ownPhotoThumb = (attemptId: number) => `/api/photos/${attemptId}?size=thumb`;
