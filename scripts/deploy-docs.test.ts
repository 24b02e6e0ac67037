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
