// The server and the operator CLI as production runs them (`node` on the bundle), built once per test run from the
// source under test by the run's global setup (test/global-setup.ts; e2e/support/global-setup.ts): a spawn of the
// bundle costs about a third of the CPU of one through tsx, which compiles the whole server again each time
// (decision 069).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../../../scripts/server-bundle';

const serverRoot = fileURLToPath(new URL('../', import.meta.url));

export interface ServerBuild {
  server: string;
  ops: string;
}

/**
 * Builds the bundle into apps/server/.test-build/ (it resolves its dependencies from the node_modules above it, and
 * finds the server's files from there: src/paths.ts); `remove` deletes it when the run is over.
 */
export async function buildServerForTests(): Promise<ServerBuild & { remove: () => void }> {
  const dir = path.join(serverRoot, '.test-build', `${process.pid}-${randomBytes(3).toString('hex')}`);
  await bundleServer(dir);
  return {
    server: path.join(dir, 'server.js'),
    ops: path.join(dir, 'ops.js'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
