// Caches belong to one app instance (one buildApp()), made on first use with that instance's settings.
import type { AppContext } from '../context';
import { type CacheSettings, cacheSettings } from './settings';

const registry = new WeakMap<AppContext, Map<string, unknown>>();
const overrides = new WeakMap<AppContext, CacheSettings>();

export function perApp<T>(ctx: AppContext, name: string, create: (settings: CacheSettings) => T): T {
  let caches = registry.get(ctx);
  if (!caches) registry.set(ctx, (caches = new Map<string, unknown>()));
  if (!caches.has(name)) caches.set(name, create(overrides.get(ctx) ?? cacheSettings(ctx.env)));
  return caches.get(name) as T;
}

/** For tests of the caches themselves: this instance drops its caches and makes new ones with `settings`. */
export function overrideCacheSettings(ctx: AppContext, settings: CacheSettings): void {
  overrides.set(ctx, settings);
  registry.delete(ctx);
}
