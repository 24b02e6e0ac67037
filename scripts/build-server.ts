// `npm run build` (after the web app): the server and the operator CLI as JavaScript in apps/server/dist, so
// production runs them with `node` and the runtime dependencies only (`npm ci --omit=dev`; docs/deploy.md).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './server-bundle';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/dist');
rmSync(dist, { recursive: true, force: true });
await bundleServer(dist);
console.log('built apps/server/dist (server.js, ops.js, pglite-worker.mjs)');
