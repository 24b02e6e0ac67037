// The line over a signed-in screen while the network is gone (decision 035): the screen shows the visitor's last
// saved answers (lib/query-cache-store.ts), and this says since when; or that the screen has none yet.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api-client';
import { keptOnPhone } from '../../lib/query-cache-store';
import { offlineLineTexts } from './pwa-texts';
import { savedAtText } from './saved-at';
import './offline.css';

/** The banner's text now, or null when the app is online and its last calls reached the server. */
function bannerText(client: QueryClient): string | null {
  const active = client
    .getQueryCache()
    .findAll({ type: 'active' })
    .filter((query) => keptOnPhone(query.queryKey));
  const failed = active.some((query) => query.state.error instanceof ApiError && query.state.error.status === 0);
  if (navigator.onLine && !failed) return null;
  // Part of the screen has never been seen on this phone: it waits for the network.
  if (active.some((query) => query.state.data === undefined)) return offlineLineTexts.nothingSaved;
  const shown = active.map((query) => query.state.dataUpdatedAt);
  // Offline on a screen that asks the server nothing: nothing on it is old.
  if (shown.length === 0) return null;
  return offlineLineTexts.savedAt(savedAtText(Math.min(...shown), Date.now()));
}

export function OfflineBanner() {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const unsubscribe = client.getQueryCache().subscribe(onChange);
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        unsubscribe();
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
    [client],
  );
  const text = useSyncExternalStore(subscribe, () => bannerText(client));
  if (!text) return null;
  return (
    <p className="offline-banner" role="status">
      {text}
    </p>
  );
}
