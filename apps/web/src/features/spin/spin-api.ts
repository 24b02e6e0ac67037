// POST /api/spin: spends one spin earned by a completed checkpoint; the server chooses the ducks.
import type { SpinResult } from '@quackquest/contract/core';
import { api } from '../../lib/api-client';

/** `type` is the stored checkpoint type, as the spec sends it. A 401 is handled by the spin screen. */
export function postSpin(type: string | null): Promise<SpinResult> {
  return api<SpinResult>('/api/spin', { method: 'POST', body: type ? { type } : {}, allowUnauthorized: true });
}
