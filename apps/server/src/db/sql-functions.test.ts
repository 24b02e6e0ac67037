// The database functions (qq_claim, qq_spin, ...) in view: each live one has its text in its domain's folder
// (rewards/qq_claim.sql beside claim.ts, which calls it), and the last migration, in journal order, that creates it
// holds exactly that text. Edit the file without a migration, or write a migration without the file, and this fails
// (apps/server/README.md says how to change a function). Only trailing whitespace is forgiven.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, serverRoot } from '../paths';

const CREATE = /CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+"?(qq_\w+)"?\s*\(/gi;
const DROP = /DROP\s+FUNCTION\s+(?:IF\s+EXISTS\s+)?"?(qq_\w+)"?/gi;
const DOLLAR_QUOTE = /\$(\w*)\$/g;

/** Lines without trailing whitespace, and none at the end. */
function normalise(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trimEnd();
}

/** The statement that starts at `start`: up to the semicolon after the dollar-quoted body's closing quote. */
function statementAt(sql: string, start: number): string {
  DOLLAR_QUOTE.lastIndex = start;
  const open = DOLLAR_QUOTE.exec(sql);
  if (!open) throw new Error(`No $$ body after: ${sql.slice(start, start + 80)}`);
  const close = sql.indexOf(open[0], open.index + open[0].length);
  const end = close < 0 ? -1 : sql.indexOf(';', close + open[0].length);
  if (end < 0) throw new Error(`The $$ body never ends after: ${sql.slice(start, start + 80)}`);
  return sql.slice(start, end + 1);
}

/** The qq_ functions that the migrations leave in the database, each with the text of the last CREATE of it. */
function liveFunctions(migrations: readonly string[]): Map<string, string> {
  const live = new Map<string, string>();
  for (const sql of migrations) {
    const events = [
      ...[...sql.matchAll(CREATE)].map((m) => ({ at: m.index, name: m[1]!, text: statementAt(sql, m.index) })),
      ...[...sql.matchAll(DROP)].map((m) => ({ at: m.index, name: m[1]!, text: undefined })),
    ].sort((a, b) => a.at - b.at);
    for (const { name, text } of events) {
      if (text === undefined) live.delete(name);
      else live.set(name, normalise(text));
    }
  }
  return live;
}

function migrationsInJournalOrder(): string[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map(({ tag }) => readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8'));
}

/** Every qq_*.sql under src/, by function name, as a path from apps/server. */
function domainFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(path.join(serverRoot, 'src'), { recursive: true, withFileTypes: true })) {
    const match = /^(qq_\w+)\.sql$/.exec(entry.name);
    if (!match || !entry.isFile()) continue;
    const file = path.relative(serverRoot, path.join(entry.parentPath, entry.name));
    if (files.has(match[1]!)) throw new Error(`${match[1]} has two files: ${files.get(match[1]!)} and ${file}`);
    files.set(match[1]!, file);
  }
  return files;
}

/** A domain file's statement: the file without its opening comment lines, which are its own. */
function domainStatement(file: string): string {
  const lines = readFileSync(path.join(serverRoot, file), 'utf8').split('\n');
  const first = lines.findIndex((line) => line.trim() !== '' && !line.startsWith('--'));
  return normalise(lines.slice(first).join('\n'));
}

const live = liveFunctions(migrationsInJournalOrder());
const files = domainFiles();

describe('the database functions', () => {
  it('are five or more, each live one with a file in its domain and each file with a migration', () => {
    expect(live.size).toBeGreaterThanOrEqual(5);
    expect(
      [...files.keys()].sort(),
      'each live qq_ function of the migrations has its qq_NAME.sql, and each such file a migration',
    ).toEqual([...live.keys()].sort());
  });

  it.each([...files])('%s: the last migration creating it holds exactly %s', (name, file) => {
    const statement = domainStatement(file);
    expect(
      [...statement.matchAll(CREATE)].map((m) => m[1]),
      `${file} holds one CREATE FUNCTION ${name}`,
    ).toEqual([name]);
    expect(normalise(statementAt(statement, 0)), `${file} holds nothing after the function`).toBe(statement);
    expect(live.get(name), `write a migration with the text of ${file}`).toBe(statement);
  });
});

describe('liveFunctions', () => {
  const create = (name: string, body: string) => `CREATE FUNCTION ${name}() returns int language sql as $$ ${body} $$;`;

  it('takes the last CREATE of a function, in migration order, and forgets a dropped one', () => {
    const migrations = [
      `${create('qq_a', 'select 1')}\n--> statement-breakpoint\n${create('qq_b', 'select 2')}`,
      `DROP FUNCTION qq_a();\n${create('qq_a', 'select 3')}`,
      'DROP FUNCTION qq_b();',
      `CREATE OR REPLACE FUNCTION qq_a() returns int language plpgsql as $body$ begin return 4; end $body$;`,
    ];
    expect(liveFunctions(migrations)).toEqual(
      new Map([['qq_a', 'CREATE OR REPLACE FUNCTION qq_a() returns int language plpgsql as $body$ begin return 4; end $body$;']]),
    );
  });
});
