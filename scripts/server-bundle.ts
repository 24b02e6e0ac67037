// The server and the operator CLI as JavaScript (esbuild): `npm run build` writes them to apps/server/dist for
// production, and the tests build their own copy to spawn (apps/server/test/built-server.ts). The contract package is
// TypeScript source, so it is bundled in, and so is drizzle-orm (decision 088); every other dependency stays an import
// resolved from node_modules at run time, which is why a bundle lives inside apps/server (the server's files are found
// from it: apps/server/src/paths.ts).
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');

const manifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };

/** The commit the bundle is built from, written into it (config/build-info.ts): /healthz and qq_build_info name it. */
function buildCommit(): string {
  if (process.env.BUILD_COMMIT) return process.env.BUILD_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** Writes server.js, ops.js (with their source maps) and pglite-worker.mjs to `outdir`, a folder inside apps/server. */
export async function bundleServer(outdir: string): Promise<void> {
  const runtime = new Set([
    ...Object.keys(manifest(server).dependencies ?? {}),
    ...Object.keys(manifest(path.join(root, 'packages/contract')).dependencies ?? {}),
  ]);
  runtime.delete('@quackquest/contract');
  // Bundled in too: loading drizzle-orm's hundreds of files from node_modules, Node 24's module loader spent 1.5 s
  // reading its package.json (a 179 kB exports map) over and over, at every start of the server or the CLI (decision 088).
  runtime.delete('drizzle-orm');
  await build({
    entryPoints: { server: path.join(server, 'src/server.ts'), ops: path.join(server, 'src/ops/cli.ts') },
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // A package's subpaths too (drizzle-orm/pg-core, @electric-sql/pglite/...).
    external: [...runtime].flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
    define: { __BUILD_COMMIT__: JSON.stringify(buildCommit()) },
  });
  // PGlite's thread starts from a file of its own (db/client.ts, decision 043): beside the bundle that starts it.
  copyFileSync(path.join(server, 'src/db/pglite-worker.mjs'), path.join(outdir, 'pglite-worker.mjs'));
}
