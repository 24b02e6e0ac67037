// A folder of the operating system's temporary space for one test, removed when the test ends, pass or fail: a server
// run of the suite otherwise leaves half a gigabyte of embedded databases behind.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
