// The CLI's words for campaign packs: --rename as given on the command line, and the list of stored versions.
// Loading itself is campaign/loading.ts, the same functions the console calls.
import type { Renames } from '../campaign/load';
import type { VersionRow } from '../campaign/store';
import { formatZoned } from '../text/time';
import { UsageError } from './errors';

/** `--rename checkpoint:old=new` / `--rename "reward:Old Item=New Item"`, as given on the command line. */
export function parseRenames(values: string[]): Renames {
  const renames: Renames = { checkpoints: {}, rewards: {} };
  for (const value of values) {
    const match = /^(checkpoint|reward):(.+?)=(.+)$/.exec(value);
    if (!match) {
      throw new UsageError(`--rename "${value}": write it as checkpoint:OLD=NEW or "reward:Old Item=New Item".`);
    }
    const [, kind, from, to] = match as unknown as [string, 'checkpoint' | 'reward', string, string];
    const map = kind === 'checkpoint' ? renames.checkpoints : renames.rewards;
    if (map[from.trim()] !== undefined) throw new UsageError(`--rename: ${kind} "${from.trim()}" is renamed twice.`);
    map[from.trim()] = to.trim();
  }
  return renames;
}

/** Times in `timeZone` (the active campaign's, or UTC before any) with their offset. */
export function formatVersions(rows: VersionRow[], timeZone: string): string {
  if (!rows.length) return 'No campaign has been loaded yet.';
  return rows
    .map(
      (r) =>
        `${r.active ? '*' : ' '} ${String(r.version).padStart(4)}  ${formatZoned(r.loadedAt, timeZone)}  ${r.campaignId} (${r.name}), ` +
        `${r.checkpoints} checkpoints, ${r.rewards} rewards, by ${r.loadedBy} from ${r.source}, content ${r.contentHash.slice(0, 12)}`,
    )
    .concat('(* the version the active campaign runs; campaign:restore <version> loads another again)')
    .join('\n');
}
