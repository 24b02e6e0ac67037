// Content lives with the data (decision 032): a server whose database was loaded from a pack in a folder that no
// longer exists serves the pack's images from the database, byte for byte.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli as runBuiltCli } from '../../test/built-server';
import { repoRoot } from '../../test/helpers';
import {
  type ScratchDatabase,
  createScratchDatabase,
  killAllServers,
  removeTempDirs,
  spawnServer,
  takePort,
  tempDir,
} from '../../test/resilience/harness';

const testDb = process.env.TEST_DB ?? 'pglite';

function runCli(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runBuiltCli(args, { ...process.env, NODE_ENV: 'test', INIT_CWD: repoRoot, ...env });
}

describe('a second instance with no pack folder', () => {
  let scratch: ScratchDatabase | undefined;
  afterAll(async () => {
    await killAllServers();
    await scratch?.drop();
    removeTempDirs();
  });

  it('serves the images of the loaded pack from the database, the same bytes', { timeout: 240_000 }, async () => {
    const pack = tempDir('stored-pack');
    cpSync(path.join(repoRoot, 'campaigns/singapore-2025'), pack, { recursive: true });
    const campaignYaml = readFileSync(path.join(pack, 'campaign.yaml'), 'utf8').replace(/^id: .*$/m, 'id: stored-images');
    writeFileSync(path.join(pack, 'campaign.yaml'), campaignYaml);
    if (testDb === 'postgres') scratch = await createScratchDatabase();
    const dataDir = tempDir('stored-data');
    const env = { DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '' };

    const load = await runCli(env, 'campaign:load', pack);
    expect(load.code, load.stderr).toBe(0);
    expect(load.stdout).toMatch(/Loaded: stored-images is the active campaign \(version \d+;/);
    rmSync(pack, { recursive: true, force: true });

    const server = await spawnServer({
      name: 'no-pack',
      port: await takePort(),
      dataDir,
      ...(scratch ? { databaseUrl: scratch.url } : {}),
      env: { CAMPAIGN: '' },
    });
    const original = readFileSync(path.join(repoRoot, 'campaigns/singapore-2025/images/day-01.svg'));
    const response = await fetch(`${server.baseUrl}/api/campaign/images/day-01.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    const etag = response.headers.get('etag');
    expect(Buffer.from(await response.arrayBuffer()).equals(original)).toBe(true);
    const again = await fetch(`${server.baseUrl}/api/campaign/images/day-01.svg`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    // The welcome page's background video, in the ranges a phone's player asks for.
    const video = readFileSync(path.join(repoRoot, 'campaigns/singapore-2025/images/hero.mp4'));
    const part = await fetch(`${server.baseUrl}/api/campaign/images/hero.mp4`, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(0, 100))).toBe(true);
    const whole = await fetch(`${server.baseUrl}/api/campaign/images/hero.mp4`);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
    await server.stop();

    const versions = await runCli(env, 'campaign:versions');
    expect(versions.code, versions.stderr).toBe(0);
    expect(versions.stdout).toMatch(
      /^\* +\d+ +\S+\+08:00 +stored-images \(QuackQuest Singapore 2025\), 14 checkpoints, 12 rewards, by cli from /m,
    );
  });
});
