// Whether the browser believes it has a connection (navigator.onLine), kept up to date by its online and offline
// events. "Offline" is certain; "online" may still fail, and the callers handle that too.
import { useSyncExternalStore } from 'react';

function subscribe(watcher: () => void): () => void {
  window.addEventListener('online', watcher);
  window.addEventListener('offline', watcher);
  return () => {
    window.removeEventListener('online', watcher);
    window.removeEventListener('offline', watcher);
  };
}

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => !isOffline());
}
