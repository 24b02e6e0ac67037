// Photos sized for the connection (issue 28 part 2, decision 054): the bytes a reviewer is sent per photo decided,
// before (the original, as the list used to load it) and after (the thumbnail; plus the screen size when the
// reviewer opens the photo full screen), and the server's CPU per rendition, against the CPU of sending the original
// (the baseline, same run). Runs the server's own code (photos/renditions.ts on the local store), one photo at a time
// so that the process's CPU time is the rendition's (libvips' threads included), then two at a time for the rate.
// Photos: apps/server/test/photo.ts, ~1 MB JPEG, 2000x1500, as a phone's photo after the app prepared it.
// Usage: npx tsx bench/photos.ts [--photos 12] [--no-record]
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import type { PhotoSize } from '@quackquest/contract';
import prettier from 'prettier';
import { parseEnv } from '../apps/server/src/config/env';
import { openPhoto } from '../apps/server/src/photos/renditions';
import { createStorage } from '../apps/server/src/uploads/storage';
import { makePhoto } from '../apps/server/test/photo';
import { describeMachine } from './machine';

const { values } = parseArgs({
  options: { photos: { type: 'string', default: '12' }, 'no-record': { type: 'boolean', default: false } },
});
const PHOTOS = Number(values.photos);
const benchDir = import.meta.dirname;
/** The ship's link (docs/product.md §13): what a byte costs a reviewer there. */
const LINK_BYTES_PER_SEC = 50_000;

interface Sample {
  cpuMs: number;
  wallMs: number;
  bytes: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function sample(work: () => Promise<number>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const bytes = await work();
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started, bytes };
}

async function main() {
  const machine = describeMachine();
  const loadBefore = os.loadavg();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-bench-photos-'));
  const storage = createStorage(parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'test' }));
  try {
    const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => makePhoto(i + 1)));
    const keys = photos.map((_, i) => `bench-${i}.jpg`);
    await Promise.all(keys.map((key, i) => storage.save(key, photos[i]!, 'image/jpeg')));
    const send = (key: string, size: PhotoSize) => async () => {
      const photo = await openPhoto(storage, { key, contentType: 'image/jpeg' }, size);
      const body = photo!.body;
      return (Buffer.isBuffer(body) ? body : await buffer(body)).length;
    };
    // Warm-up: the first decode loads libvips' code and sets up its threads.
    await send(keys[0]!, 'thumb')();
    const rows: Record<string, Sample[]> = { original: [], thumbMade: [], screenMade: [], thumbKept: [] };
    for (const key of keys.slice(1)) {
      rows.original!.push(await sample(send(key, 'original')));
      rows.thumbMade!.push(await sample(send(key, 'thumb')));
      rows.screenMade!.push(await sample(send(key, 'screen')));
      rows.thumbKept!.push(await sample(send(key, 'thumb')));
    }
    // Two at a time on fresh keys (this machine has two cores): renditions made per second of wall time.
    const fresh = keys.map((key) => `${key}.again.jpg`);
    await Promise.all(fresh.map((key, i) => storage.save(key, photos[i]!, 'image/jpeg')));
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < fresh.length; i += 2) {
      await Promise.all(fresh.slice(i, i + 2).map((key) => send(key, 'thumb')()));
    }
    const pairWallMs = performance.now() - started;
    const pairCpu = process.cpuUsage(cpu);
    const loadAfter = os.loadavg();

    const m = (row: string, field: keyof Sample) => median(rows[row]!.map((s) => s[field]));
    const original = m('original', 'bytes');
    const thumb = m('thumbMade', 'bytes');
    const screen = m('screenMade', 'bytes');
    const seconds = (bytes: number) => (bytes / LINK_BYTES_PER_SEC).toFixed(1);
    const table = [
      '| what | median bytes | at 400 kbit/s | server CPU ms | wall ms |',
      '| --- | ---: | ---: | ---: | ---: |',
      `| before: the original, per photo decided | ${original} | ${seconds(original)} s | ${m('original', 'cpuMs').toFixed(1)} | ${m('original', 'wallMs').toFixed(1)} |`,
      `| after: the thumbnail, per photo decided | ${thumb} | ${seconds(thumb)} s | ${m('thumbKept', 'cpuMs').toFixed(1)} (kept) | ${m('thumbKept', 'wallMs').toFixed(1)} |`,
      `| after, opened full screen: thumbnail + screen size | ${thumb + screen} | ${seconds(thumb + screen)} s | - | - |`,
      `| thumbnail made (read, decode, resize, encode, write) | ${thumb} | - | ${m('thumbMade', 'cpuMs').toFixed(1)} | ${m('thumbMade', 'wallMs').toFixed(1)} |`,
      `| screen size made | ${screen} | - | ${m('screenMade', 'cpuMs').toFixed(1)} | ${m('screenMade', 'wallMs').toFixed(1)} |`,
    ];
    const rate = (fresh.length / pairWallMs) * 1000;
    const summary =
      `${machine.date}; ${machine.nproc} cores (nproc), ${machine.cpu}; memory ${machine.memory}; Node ${machine.node}; ` +
      `load average ${loadBefore.map((x) => x.toFixed(2)).join(' ')} before, ${loadAfter.map((x) => x.toFixed(2)).join(' ')} after. ` +
      `${PHOTOS - 1} photos of ${(original / 1e6).toFixed(2)} MB (median), 2000x1500 JPEG; medians of one request each, one at a time, ` +
      `after one warm-up. Bytes per photo decided: ${(original / thumb).toFixed(0)}x fewer with thumbnails. ` +
      `Thumbnails made two at a time: ${rate.toFixed(1)} a second, ${((pairCpu.user + pairCpu.system) / 1000 / fresh.length).toFixed(1)} ms of CPU each.`;
    console.log(summary);
    console.log(table.join('\n'));
    if (values['no-record']) return;
    const file = path.join(benchDir, 'RESULTS.md');
    const block = [
      '<!-- bench:photos -->',
      '### Latest photos run (`npx tsx bench/photos.ts`)',
      '',
      summary,
      '',
      ...table,
      '<!-- /bench:photos -->',
    ].join('\n');
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
    const pattern = /<!-- bench:photos -->[\s\S]*?<!-- \/bench:photos -->/;
    const updated = pattern.test(text) ? text.replace(pattern, block) : `${text.trimEnd()}\n\n${block}\n`;
    const options = (await prettier.resolveConfig(file)) ?? {};
    writeFileSync(file, await prettier.format(updated, { ...options, filepath: file }));
    console.log(`recorded in ${file}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
