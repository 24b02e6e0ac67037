// The browser's offer to install the app (`beforeinstallprompt`, Chromium browsers): kept from the moment it
// comes, and shown by the install card at a good moment (a completed checkpoint, /congrats), never on the first
// screen. Also registers the service worker, after the page has loaded (decision 035). Both run from main.tsx;
// this module is a few hundred bytes of the first screen's JavaScript.
import { useSyncExternalStore } from 'react';
import { keys, read, write } from '../../lib/storage';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function startInstallable(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // No mini-infobar now: the install card offers it later.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    // After the load event: the first screen's files have their bandwidth first.
    const register = () => navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    if (document.readyState === 'complete') void register();
    else window.addEventListener('load', () => void register(), { once: true });
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The install offer when there is one and the visitor has not dismissed the card on this phone. */
export function useInstallOffer(): { install: () => Promise<void>; dismiss: () => void } | null {
  const current = useSyncExternalStore(subscribe, () => offer);
  if (!current || read(keys.installDismissed) === '1') return null;
  return {
    install: async () => {
      await current.prompt();
      const { outcome } = await current.userChoice;
      // The browser's offer works once: the card goes either way; a refusal is remembered like "Not now".
      if (outcome === 'dismissed') write(keys.installDismissed, '1');
      offer = null;
      changed();
    },
    dismiss: () => {
      write(keys.installDismissed, '1');
      offer = null;
      changed();
    },
  };
}
