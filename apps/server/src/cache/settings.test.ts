import { describe, expect, it } from 'vitest';
import { cacheSettings } from './settings';

describe('cache settings', () => {
  it('read the rank snapshot in slices on the embedded database only (decision 039)', () => {
    for (const NODE_ENV of ['production', 'development', 'test'] as const) {
      expect(cacheSettings({ NODE_ENV, DATABASE_URL: undefined }).rankSliceRows, NODE_ENV).toBe(20_000);
      expect(cacheSettings({ NODE_ENV, DATABASE_URL: 'postgres://db/quackquest' }).rankSliceRows, NODE_ENV).toBe(0);
    }
  });
});
