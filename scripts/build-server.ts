// `npm run build` (after the web app): the server and the operator CLI as JavaScript, so production runs them with
// `node` and the runtime dependencies only (`npm ci --omit=dev`; docs/deploy.md). The contract package is TypeScript
// source, so it is bundled in; every other dependency stays an import resolved from node_modules at run time.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');

const manifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
const runtime = new Set([
  ...Object.keys(manifest(server).dependencies ?? {}),
  ...Object.keys(manifest(path.join(root, 'packages/contract')).dependencies ?? {}),
]);
runtime.delete('@quackquest/contract');

// The commit the bundle is built from, written into it (config/build-info.ts): /healthz and qq_build_info name it.
let commit = process.env.BUILD_COMMIT ?? '';
try {
  commit ||= execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim();
} catch {
  commit = 'unknown';
}

rmSync(path.join(server, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: { server: path.join(server, 'src/server.ts'), ops: path.join(server, 'src/ops/cli.ts') },
  outdir: path.join(server, 'dist'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // A package's subpaths too (drizzle-orm/pg-core, @electric-sql/pglite/...).
  external: [...runtime].flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
  define: { __BUILD_COMMIT__: JSON.stringify(commit) },
});
// PGlite's thread starts from a file of its own (db/client.ts, decision 043): beside the bundle that starts it.
copyFileSync(path.join(server, 'src/db/pglite-worker.mjs'), path.join(server, 'dist/pglite-worker.mjs'));
console.log('built apps/server/dist (server.js, ops.js, pglite-worker.mjs)');
