// The line over a signed-in screen when the server cannot be asked (decision 035, issue 30 part 4): the phone
// offline, or online while the server does not answer (lib/connection.ts), told apart. The screen shows the
// visitor's last saved answers (lib/query-cache-store.ts), and this says since when; or, when part of it was never
// seen on this phone, that it will load. A call waiting long says the connection is slow.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api-client';
import { onServerBack, type Reach, useReach, useSlow } from '../../lib/connection';
import { partOfTheScreen } from '../../lib/query-cache-store';
import { offlineLineTexts } from './pwa-texts';
import { savedAtText } from './saved-at';
import './offline.css';

/** The banner's text now, or null when the app is online and its last calls reached the server. */
export function bannerText(client: QueryClient, reach: Reach): string | null {
  const active = client
    .getQueryCache()
    .findAll({ type: 'active' })
    .filter((query) => partOfTheScreen(query.queryKey));
  const failed = active.some((query) => query.state.error instanceof ApiError && query.state.error.status === 0);
  if (reach === 'online' && !failed) return null;
  const texts = reach === 'offline' ? offlineLineTexts.offline : offlineLineTexts.unreachable;
  // Part of the screen has never been seen on this phone: it waits for the server.
  if (active.some((query) => query.state.data === undefined)) return texts.nothingSaved;
  const shown = active.map((query) => query.state.dataUpdatedAt);
  // A screen that asks the server nothing: nothing on it is old.
  if (shown.length === 0) return null;
  return texts.savedAt(savedAtText(Math.min(...shown), Date.now()));
}

export function OfflineBanner() {
  const client = useQueryClient();
  const reach = useReach();
  const slow = useSlow();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const text = useSyncExternalStore(subscribe, () => bannerText(client, reach));
  // The server answers again: everything shown is asked for again.
  useEffect(() => onServerBack(() => void client.invalidateQueries()), [client]);
  const line = text ?? (slow ? offlineLineTexts.slow : null);
  if (!line) return null;
  return (
    <p className="offline-banner" role="status">
      {line}
    </p>
  );
}
