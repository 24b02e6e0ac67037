// The operator command line: `npm run ops -- <command> [args]`. It only parses arguments and reports;
// each command's work is a plain function (see commands.ts). Exit codes: 0 done, 1 refused or failed,
// 2 the command line is wrong (exitCodeOf).
import { parseArgs } from 'node:util';
import { PackError } from '../campaign/pack';
import { ConfigError, parseEnv } from '../config/env';
import {
  type Database,
  DatabaseUnreachableError,
  MigrationFailedError,
  MigrationsRefusedError,
  SchemaNewerError,
} from '../db/client';
import { COMMANDS, type Command, usage } from './commands';
import { openOpsDatabase } from './database';
import { UsageError } from './errors';
import { stripControls } from './terminal';
import { DatabaseInUseError } from '../db/pglite-lock';
import type { ErrorKind } from '@quackquest/contract';
import { DomainError } from '../domain/errors';

const RUN = 'npm run ops --';

function helpText(): string {
  const lines = COMMANDS.flatMap((c) => [`  ${usage(c)}`, `      ${c.description}`, `      e.g. ${RUN} ${c.example}`]);
  return [
    'QuackQuest operator commands.',
    '',
    `Usage: ${RUN} <command> [arguments]`,
    '',
    "Commands use the server's configuration (DATABASE_URL, DATA_DIR, S3_BUCKET, ...). With the embedded",
    'database (DATABASE_URL unset) stop the server first: only one process may open DATA_DIR at a time (backup',
    'is the exception: the running server writes it).',
    '',
    'Commands:',
    ...lines,
    '  help',
    '      Show this list (also --help, or <command> --help for one command).',
    '',
    `To redirect a command's output, keep npm's own lines out of it: npm run -s ops -- export:claims > claims.csv`,
    '',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || ['help', '--help', '-h'].includes(name)) {
    print(name === undefined ? process.stderr : process.stdout, helpText());
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    print(process.stderr, `Unknown command "${name}". Run "${RUN} --help" to see every command.\n`);
    return 2;
  }
  let database: Database | undefined;
  try {
    const { args, options } = parseCommandLine(command, rest);
    if (options.help) {
      print(process.stdout, `${usage(command)}\n  ${command.description}\n  e.g. ${RUN} ${command.example}\n`);
      return 0;
    }
    const env = parseEnv(process.env, { databaseOnly: command.databaseOnly === true });
    const output = await command.run({
      args,
      options,
      env,
      openDb: async () => (database ??= await openOpsDatabase(env)).db,
      openDatabase: async () => (database ??= await openOpsDatabase(env)),
      // npm runs scripts in the repository root; INIT_CWD is where the operator typed the command.
      cwd: process.env.INIT_CWD ?? process.cwd(),
    });
    print(process.stdout, output.endsWith('\n') ? output : `${output}\n`);
    return 0;
  } catch (error) {
    if (isMisuse(error)) {
      // parseArgs' own advice about '--' does not apply to these commands.
      const message = error.message.replace(/\. To specify a positional argument.*$/s, '.');
      print(process.stderr, `${message}\nUsage: ${RUN} ${usage(command)}\n`);
    } else {
      print(process.stderr, `${isExplained(error) ? error.message : String((error as Error).stack ?? error)}\n`);
    }
    return exitCodeOf(error);
  } finally {
    await database?.close();
  }
}

/** The one way out to the terminal: visitors' names and answers never carry escape codes to it. */
function print(stream: NodeJS.WriteStream, text: string): void {
  stream.write(stripControls(text));
}

/** Every refusal of a command's work exits 1: scripts tell done, refused and misused apart; the message says why. */
const EXIT_CODE_OF: Record<ErrorKind, number> = {
  invalid: 1,
  unauthenticated: 1,
  forbidden: 1,
  not_found: 1,
  conflict: 1,
  mismatch: 1,
  rate_limited: 1,
  unavailable: 1,
};

/** The one place an error becomes an exit code. */
function exitCodeOf(error: unknown): number {
  if (isMisuse(error)) return 2;
  if (error instanceof DomainError) return EXIT_CODE_OF[error.kind];
  return 1;
}

/** Failures whose message tells the operator what to do: shown without a stack trace. */
function isExplained(error: unknown): error is Error {
  return (
    error instanceof DomainError ||
    error instanceof PackError ||
    error instanceof ConfigError ||
    error instanceof DatabaseInUseError ||
    error instanceof DatabaseUnreachableError ||
    error instanceof SchemaNewerError ||
    error instanceof MigrationsRefusedError ||
    error instanceof MigrationFailedError
  );
}

function parseCommandLine(command: Command, argv: string[]) {
  // parseArgs reads "-3" as a short option: keep negative numbers (ducks:adjust) as values.
  const negatives = new Map<string, string>();
  const shielded = argv.map((arg) => {
    if (!/^-\d+$/.test(arg)) return arg;
    const key = `\u0000${negatives.size}`;
    negatives.set(key, arg);
    return key;
  });
  const restore = (value: string) => negatives.get(value) ?? value;
  const { values, positionals } = parseArgs({
    args: shielded,
    options: {
      help: { type: 'boolean', short: 'h' },
      ...Object.fromEntries(
        Object.entries(command.options ?? {}).map(([key, o]) => [key, { type: o.type, multiple: o.multiple ?? false }]),
      ),
    },
    allowPositionals: true,
    strict: true,
  });
  const options = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? restore(value)
        : Array.isArray(value)
          ? (value as (string | boolean)[]).map((v) => (typeof v === 'string' ? restore(v) : v))
          : value,
    ]),
  ) as Record<string, string | boolean | string[] | undefined>;
  if (options.help) return { args: [], options };
  const args = positionals.map(restore);
  if (args.length !== command.args.length) {
    const expected = command.args.length ? command.args.map((a) => `<${a}>`).join(' ') : 'no arguments';
    throw new UsageError(`${command.name} takes ${expected}; got ${args.length ? args.map((a) => `"${a}"`).join(' ') : 'none'}.`);
  }
  for (const [key, option] of Object.entries(command.options ?? {})) {
    if (option.required && (options[key] === undefined || options[key] === '')) {
      throw new UsageError(`${command.name} needs --${key}${option.value ? ` <${option.value}>` : ''}.`);
    }
  }
  return { args, options };
}

/** The command line itself is wrong. */
function isMisuse(error: unknown): error is Error {
  return error instanceof UsageError || isParseArgsError(error);
}

function isParseArgsError(error: unknown): boolean {
  return typeof (error as { code?: unknown })?.code === 'string' && (error as { code: string }).code.startsWith('ERR_PARSE_ARGS');
}

process.exitCode = await main(process.argv.slice(2));
