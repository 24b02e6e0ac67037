// GET /api/announcements (decision 078): what the crew tells visitors now, in the visitor's language where the crew
// wrote it. Read when a screen with the banner opens and every few minutes while it stays open.
import type { VisitorAnnouncement } from '@quackquest/contract/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { keys, read, write } from '../../lib/storage';

const EVERY_MS = 5 * 60_000;
/** Dismissed announcements remembered on this phone: the newest few are enough, each shows for hours at most. */
const REMEMBERED = 20;

export function useAnnouncements() {
  return useQuery({
    queryKey: ['announcements'],
    queryFn: async () => (await api<{ announcements: VisitorAnnouncement[] }>('/api/announcements')).announcements,
    refetchInterval: EVERY_MS,
  });
}

export function dismissedAnnouncements(): number[] {
  try {
    const ids: unknown = JSON.parse(read(keys.announcementsDismissed) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

export function dismissAnnouncement(id: number): void {
  write(keys.announcementsDismissed, JSON.stringify([...dismissedAnnouncements(), id].slice(-REMEMBERED)));
}
