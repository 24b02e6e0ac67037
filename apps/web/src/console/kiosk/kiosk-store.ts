// The kiosk this device shows (decision 083): its key, kept in the browser's storage so the codes go on through a
// lost connection and a reload, and the server clock's offset last measured. Forgotten when the crew stops the kiosk
// here or the server says it was turned off.
import type { StartedKiosk } from '@quackquest/contract/core';
import { keys, read, remove, write } from '../../lib/storage';

export interface StoredKiosk extends StartedKiosk {
  /** The server's clock minus this device's, in milliseconds, as last measured. */
  offsetMs: number;
}

export function storedKiosk(): StoredKiosk | null {
  const text = read(keys.kiosk);
  if (!text) return null;
  try {
    const kiosk = JSON.parse(text) as Partial<StoredKiosk>;
    if (typeof kiosk.id !== 'number' || typeof kiosk.key !== 'string' || typeof kiosk.period !== 'number') return null;
    return { offsetMs: 0, name: '', checkpointId: '', checkpointTitle: '', ...kiosk } as StoredKiosk;
  } catch {
    return null;
  }
}

export function storeKiosk(kiosk: StoredKiosk): void {
  write(keys.kiosk, JSON.stringify(kiosk));
}

export function forgetKiosk(): void {
  remove(keys.kiosk);
}
