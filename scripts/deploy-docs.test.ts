// The deployer's documents stay true to the code (issue 31 part 5): every setting the server reads is documented in
// .env.example, and every migration the documents name exists, the one they call the latest being the
// latest. A new setting or migration that the documents do not follow fails here, in `npm test`.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The keys of the server's settings schema (apps/server/src/config/env.ts), as written in it. */
function settingsTheServerReads(): string[] {
  const source = read('apps/server/src/config/env.ts');
  const schema = source.slice(
    source.indexOf('const envSchema = z.object({'),
    source.indexOf('\n});', source.indexOf('const envSchema')),
  );
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
}

const DOCUMENTS = ['README.md', 'docs/deploy.md', 'docs/runbook.md', 'docs/security.md'];
const migrations = readdirSync(path.join(root, 'apps/server/drizzle'))
  .filter((file) => file.endsWith('.sql'))
  .map((file) => file.replace(/\.sql$/, ''))
  .sort();

describe("the deployer's documents", () => {
  it('document every setting the server reads in .env.example (the README lists the main ones)', () => {
    const settings = settingsTheServerReads();
    expect(settings.length).toBeGreaterThan(30);
    const example = read('.env.example');
    expect(settings.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example))).toEqual([]);
  });

  it('name only migrations that exist, and the latest as the latest', () => {
    const known = new Set(migrations);
    const named = DOCUMENTS.flatMap((file) =>
      [...read(file).matchAll(/\b(\d{4}_[a-z0-9_]+)\b/g)].map((match) => ({ file, name: match[1]! })),
    );
    expect(named.filter(({ name }) => !known.has(name))).toEqual([]);
    const latest = DOCUMENTS.flatMap((file) =>
      [...read(file).matchAll(/the latest is `?(\d{4}_[a-z0-9_]+)/g)].map((match) => ({ file, name: match[1]! })),
    );
    expect(latest.length).toBeGreaterThan(0);
    expect(latest.filter(({ name }) => name !== migrations.at(-1))).toEqual([]);
  });
});

describe('compose.yaml (decision 081)', () => {
  const compose = read('compose.yaml');

  it('has no default for any secret, and every one it requires is written by the .env recipe in docs/deploy.md', () => {
    expect(compose).not.toMatch(/\$\{[A-Z_]+:-/);
    const required = new Set([...compose.matchAll(/\$\{([A-Z_]+):\?/g)].map((match) => match[1]!));
    expect(required.size).toBeGreaterThanOrEqual(8);
    const deploy = read('docs/deploy.md');
    const containers = deploy.slice(deploy.indexOf('## Containers'), deploy.indexOf('## The topology, tested here'));
    const recipe = containers.slice(containers.indexOf('```sh'), containers.indexOf('```\n', containers.indexOf('```sh') + 5));
    const written = new Set([...recipe.matchAll(/([A-Z][A-Z0-9_]+)=/g)].map((match) => match[1]!));
    expect([...required].filter((name) => !written.has(name))).toEqual([]);
  });

  it('publishes nginx alone; Mailpit, which shows every sign-in link, on this machine only', () => {
    const published = [...compose.matchAll(/^ {2}([a-z0-9-]+):\n(?:(?! {2}\S).*\n)*? {4}ports: \[(.*)\]/gm)].map((match) => ({
      service: match[1]!,
      ports: match[2]!,
    }));
    expect(published.map((p) => p.service).sort()).toEqual(['mailpit', 'proxy']);
    expect(published.find((p) => p.service === 'mailpit')!.ports).toMatch(/^'127\.0\.0\.1:/);
  });

  it('pins every image to a release', () => {
    const images = [...compose.matchAll(/^ {4}image: (\S+)$/gm)].map((match) => match[1]!);
    expect(images.length).toBe(4);
    for (const image of images) expect(image, image).toMatch(/:v?\d+\.\d+(\.\d+)?(-[a-z0-9.]+)?$/);
    for (const from of read('Dockerfile').matchAll(/^FROM (\S+)/gm)) expect(from[1]).toMatch(/^node:24\.\d+\.\d+-/);
  });
});
