// Each import boundary of eslint.config.js at work: a snippet that crosses it is refused, one that stays
// inside is not. The snippets are linted as if they were the named (existing) files.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: import.meta.dirname });

/** The messages of `ruleId` for `code` placed at `file` (relative to the repository root). */
async function problems(file: string, code: string, ruleId = 'no-restricted-imports'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(import.meta.dirname, file) });
  return result!.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

const WEB_FILE = 'apps/web/src/lib/storage.ts';
const FEATURE_FILE = 'apps/web/src/features/rewards/reward-list.tsx';
const DOMAIN_FILE = 'apps/server/src/rewards/claim.ts';

describe('the web app never imports server code', () => {
  it.each([
    ["import { buildApp } from '../../../server/src/app';"],
    ["import '@quackquest/server';"],
    ["import { claimReward } from '@quackquest/server/src/rewards/claim';"],
  ])('refuses %s', async (code) => {
    expect(await problems(WEB_FILE, code)).toEqual([expect.stringContaining('never imports server code')]);
  });

  it('allows its own modules', async () => {
    expect(await problems(WEB_FILE, "import { api } from './api-client';\nexport const call = api;")).toEqual([]);
  });
});

describe("the web app imports only types from the contract's zod entry", () => {
  it('refuses a value from @quackquest/contract', async () => {
    expect(await problems(WEB_FILE, "import { meSchema } from '@quackquest/contract';\nexport const s = meSchema;")).toEqual([
      expect.stringContaining("'@quackquest/contract/core'"),
    ]);
  });

  it.each([
    ["import type { Me } from '@quackquest/contract';\nexport type M = Me;"],
    ["import { type Me } from '@quackquest/contract';\nexport type M = Me;"],
    ["import { messages, type Me } from '@quackquest/contract/core';\nexport const m: Me | string = messages.notLoggedIn;"],
  ])('allows %s', async (code) => {
    expect(await problems(WEB_FILE, code)).toEqual([]);
  });
});

describe('features never import each other', () => {
  it.each([
    ["import { useCheckpoints } from '../checkpoints/checkpoints-api';"],
    ["import { Wheel } from '../../features/spin/wheel';"],
  ])('refuses %s', async (code) => {
    expect(await problems(FEATURE_FILE, code)).toEqual([expect.stringContaining('Features never import each other')]);
  });

  it('allows the same feature, components/, lib/ and the contract', async () => {
    const code = [
      "import { isSoldOut } from './reward-availability';",
      "import { useAlert } from '../../components/alert';",
      "import { paths } from '../../lib/paths';",
      "import { messages } from '@quackquest/contract/core';",
      'export const used = [isSoldOut, useAlert, paths, messages];',
    ].join('\n');
    expect(await problems(FEATURE_FILE, code)).toEqual([]);
  });

  it('still refuses server code and zod values inside a feature', async () => {
    const code = "import '@quackquest/server';\nimport { meSchema } from '@quackquest/contract';\nexport const s = meSchema;";
    expect(await problems(FEATURE_FILE, code)).toHaveLength(2);
  });
});

const CONSOLE_FILE = 'apps/web/src/console/redeem/redeem-screen.tsx';

describe('the visitor app and the operator console stay apart', () => {
  it.each([
    [WEB_FILE, "import { ConsoleApp } from '../console/console-app';\nexport const c = ConsoleApp;"],
    [FEATURE_FILE, "import { screensFor } from '../../console/roles';\nexport const s = screensFor;"],
    ['apps/web/src/app/routes.tsx', "import { consolePaths } from '../console/console-paths';\nexport const p = consolePaths;"],
  ])('the visitor app never imports the console: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([expect.stringContaining('never imports the console')]);
  });

  it.each([
    ["import { VoucherQr } from '../../features/rewards/voucher-qr';\nexport const v = VoucherQr;"],
    ["import { AppRoutes } from '../../app/routes';\nexport const r = AppRoutes;"],
    ["import Welcome from '../../routes/welcome';\nexport const w = Welcome;"],
  ])('the console never imports visitor screens or features but the scanner: %s', async (code) => {
    expect(await problems(CONSOLE_FILE, code)).toEqual([expect.stringContaining('imports only components/')]);
  });

  it('the console may use the scanner, components/, lib/, its own modules and the contract', async () => {
    const code = [
      "import type { ScanVerdict } from '../../features/scanner/use-qr-scanner';",
      "import { Modal } from '../../components/modal';",
      "import { api } from '../../lib/api-client';",
      "import { formatTime } from '../time';",
      "import { SIGNIN_CODE_DIGITS } from '@quackquest/contract/core';",
      'export const used: [ScanVerdict | null, unknown, unknown, unknown, number] = [null, Modal, api, formatTime, SIGNIN_CODE_DIGITS];',
    ].join('\n');
    expect(await problems(CONSOLE_FILE, code)).toEqual([]);
  });

  it('still refuses server code and zod values in the console', async () => {
    const code = "import '@quackquest/server';\nimport { meSchema } from '@quackquest/contract';\nexport const s = meSchema;";
    expect(await problems(CONSOLE_FILE, code)).toHaveLength(2);
  });
});

describe('domain code never imports http/', () => {
  it('refuses http/errors in a domain module', async () => {
    const code = "import { badRequest } from '../http/errors';\nexport const e = badRequest;";
    expect(await problems(DOMAIN_FILE, code)).toEqual([expect.stringContaining('Domain code never imports http/')]);
  });

  it.each([
    ['apps/server/src/rewards/routes.ts', "import { badRequest } from '../http/errors';\nexport const e = badRequest;"],
    ['apps/server/src/app.ts', "import { registerErrorHandlers } from './http/errors';\nexport const r = registerErrorHandlers;"],
    [DOMAIN_FILE, "import { DomainError } from '../domain/errors';\nexport const e = DomainError;"],
  ])('allows %s: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});

describe('the server never imports ops/, the CLI', () => {
  const OPS_RULE = '@typescript-eslint/no-restricted-imports';

  it.each([
    [DOMAIN_FILE, "import { parseRenames } from '../ops/campaign';\nexport const p = parseRenames;"],
    ['apps/server/src/campaign/console-routes.ts', "import { COMMANDS } from '../ops/commands';\nexport const c = COMMANDS;"],
    ['apps/server/src/app.ts', "import { COMMANDS } from './ops/commands';\nexport const c = COMMANDS;"],
    [
      'apps/server/src/auth/handlers/session.ts',
      "import { toTerminalJson } from '../../ops/terminal';\nexport const t = toTerminalJson;",
    ],
  ])('refuses it in %s', async (file, code) => {
    expect(await problems(file, code, OPS_RULE)).toEqual([expect.stringContaining('Only the CLI (ops/) imports ops/')]);
  });

  it.each([
    ['apps/server/src/ops/commands.ts', "import { parseRenames } from './campaign';\nexport const p = parseRenames;"],
    ['apps/server/src/ops/cli.ts', "import { loadCampaign } from '../campaign/loading';\nexport const l = loadCampaign;"],
    [
      'apps/server/src/operators/operators.server.test.ts',
      "import { COMMANDS } from '../ops/commands';\nexport const c = COMMANDS;",
    ],
    [DOMAIN_FILE, "import { toCsv } from '../text/csv';\nexport const t = toCsv;"],
  ])('allows %s: %s', async (file, code) => {
    expect(await problems(file, code, OPS_RULE)).toEqual([]);
  });

  it('keeps the http/ zone of domain code beside it', async () => {
    const code =
      "import { badRequest } from '../http/errors';\nimport { COMMANDS } from '../ops/commands';\nexport const e = [badRequest, COMMANDS];";
    expect(await problems(DOMAIN_FILE, code)).toEqual([expect.stringContaining('Domain code never imports http/')]);
    expect(await problems(DOMAIN_FILE, code, OPS_RULE)).toEqual([expect.stringContaining('Only the CLI (ops/) imports ops/')]);
  });
});

describe('the rules of hooks hold in the web app', () => {
  it('refuses a hook called conditionally', async () => {
    const code = [
      "import { useState } from 'react';",
      'export function Row({ show }: { show: boolean }) {',
      '  if (show) useState(0);',
      '  return null;',
      '}',
    ].join('\n');
    expect(await problems(FEATURE_FILE, code, 'react-hooks/rules-of-hooks')).toHaveLength(1);
  });
});

describe('a server test builds its app with its own mail channel', () => {
  const RULE = '@typescript-eslint/no-restricted-imports';
  const TEST_FILE = 'apps/server/src/http/log-redaction.server.test.ts';

  it('refuses buildApp imported by a test', async () => {
    const code = "import { buildApp } from '../app';\nexport const b = buildApp;";
    expect(await problems(TEST_FILE, code, RULE)).toEqual([expect.stringContaining('buildTestApp (test/auth.ts)')]);
  });

  it.each([
    [TEST_FILE, "import { buildTestApp } from '../../test/auth';\nexport const b = buildTestApp;"],
    [TEST_FILE, "import type { BuildOptions } from '../app';\nexport type B = BuildOptions;"],
    ['apps/server/src/server.ts', "import { buildApp } from './app';\nexport const b = buildApp;"],
  ])('allows %s: %s', async (file, code) => {
    expect(await problems(file, code, RULE)).toEqual([]);
  });
});
