import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/game-texts';
import { bannerText } from './offline-banner';
import { offlineLineTexts } from './pwa-texts';
import { savedAtText } from './saved-at';

const unsubscribes: (() => void)[] = [];
afterEach(() => unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe()));

/** A query a screen uses now: with its answer from `at`, or still waiting for one (the server never answered it). */
function onScreen(client: QueryClient, queryKey: QueryKey, at?: number): void {
  if (at !== undefined) client.setQueryData(queryKey, { saved: true }, { updatedAt: at });
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: () => new Promise(() => {}),
    staleTime: Infinity,
    retry: false,
  });
  unsubscribes.push(observer.subscribe(() => {}));
}

describe('the offline line over a signed-in screen', () => {
  const saved = Date.now() - 60_000;

  it('says since when the list is shown, though the announcements were never fetched on this phone', () => {
    const client = new QueryClient();
    onScreen(client, ['checkpoints'], saved);
    onScreen(client, ['announcements']);
    onScreen(client, ['reminders']);
    expect(bannerText(client, 'unreachable')).toBe(offlineLineTexts.unreachable.savedAt(savedAtText(saved, Date.now())));
    expect(bannerText(client, 'offline')).toBe(offlineLineTexts.offline.savedAt(savedAtText(saved, Date.now())));
  });

  it('says the screen will load when what it shows was never seen on this phone', () => {
    const client = new QueryClient();
    onScreen(client, ['checkpoints']);
    onScreen(client, ['announcements'], saved);
    expect(bannerText(client, 'unreachable')).toBe(offlineLineTexts.unreachable.nothingSaved);
  });
});
