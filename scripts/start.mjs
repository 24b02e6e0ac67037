// `npm start` and `npm run ops`: run the built server (or the operator CLI) with plain `node`, in this process,
// so SIGTERM reaches the server itself (no orphan behind npm). Outside production a missing or stale build is
// made first, so `npm install && npm start` works on a fresh checkout; production never builds at start
// (a rebuild would pull files from under a neighbouring instance): it refuses to start without a build.
// Plain JavaScript on purpose: production has no TypeScript runner (`npm ci --omit=dev`; docs/deploy.md).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

const targets = {
  server: {
    what: 'the server',
    output: at('apps/server/dist/server.js'),
    sources: [at('apps/server/src'), at('packages/contract/src'), at('scripts/build-server.ts'), at('scripts/server-bundle.ts')],
    build: ['run', 'build:server'],
  },
  ops: {
    what: 'the operator commands',
    output: at('apps/server/dist/ops.js'),
    sources: [at('apps/server/src'), at('packages/contract/src'), at('scripts/build-server.ts'), at('scripts/server-bundle.ts')],
    build: ['run', 'build:server'],
  },
  web: {
    what: 'the web app',
    output: at('apps/web/dist/index.html'),
    sources: [
      at('apps/web/src'),
      at('apps/web/public'),
      at('apps/web/index.html'),
      at('apps/web/console.html'),
      at('apps/web/vite.config.ts'),
      at('packages/contract/src'),
    ],
    build: ['run', 'build', '--workspace', 'apps/web'],
  },
};

/** The newest modification time of a file or of any file under a folder. */
function newest(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(file, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

function isStale(target) {
  if (!existsSync(target.output)) return true;
  const built = statSync(target.output).mtimeMs;
  return target.sources.some((source) => newest(source) > built);
}

const [command = 'server', ...args] = process.argv.slice(2);
const entry = command === 'ops' ? 'ops' : 'server';
const needed = entry === 'server' ? [targets.web, targets.server] : [targets.ops];
const production = process.env.NODE_ENV === 'production';

for (const target of needed) {
  if (!existsSync(target.output) && production) {
    const missing = path.relative(root, target.output);
    process.stderr.write(`The build is missing (${missing}): run \`npm run build\` before starting in production.\n`);
    process.exit(1);
  }
  if (!production && isStale(target)) {
    // A first start builds for a minute or so: say what and why, rather than sit silent (issue 30 part 5).
    const why = existsSync(target.output) ? 'its sources changed since the last build' : 'no build yet';
    const output = path.relative(root, target.output);
    process.stdout.write(`Building ${target.what} (${why}) into ${output}: npm ${target.build.join(' ')}\n`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, target.build, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    process.stdout.write(`Built ${target.what}.\n`);
  }
}

process.argv = [process.argv[0], targets[entry].output, ...args];
process.setSourceMapsEnabled(true);
await import(pathToFileURL(targets[entry].output).href);
