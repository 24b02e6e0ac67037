// Serves the built web app (apps/web/dist): the visitor app with a fallback to index.html for its client-side
// routes, and the operator console (console.html) for /console and everything under it (docs/product.md §15).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { defaultWebDist, serverRoot } from '../paths';
import { refuse } from './errors';

export async function registerWeb(app: FastifyInstance, webDistDir?: string): Promise<void> {
  const webDist = path.resolve(webDistDir ?? defaultWebDist);
  const built = existsSync(`${webDist}/index.html`);
  // Registered even without a build: campaign images are sent with reply.sendFile.
  await app.register(fastifyStatic, {
    root: built ? webDist : serverRoot,
    serve: built,
    // Looked up per request, so a rebuild while the server runs is served without a restart.
    wildcard: true,
    // The build writes .br and .gz copies (apps/web/vite.config.ts): sent to browsers that accept them,
    // with no compression work per request. Files without a copy are sent as they are.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Vite's hashed bundles never change; everything else (index.html, icons, video) is revalidated.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (!isAppPath(request.url) || request.method !== 'GET') {
      return refuse(reply, 404, {
        code: 'not_found',
        message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
      });
    }
    if (!built) {
      return reply
        .type('text/html')
        .send('<!doctype html><title>QuackQuest</title><p>The web app is not built yet: run <code>npm start</code>.</p>');
    }
    return reply
      .header('cache-control', 'no-cache')
      .sendFile(isConsolePath(request.url) ? 'console.html' : 'index.html', webDist);
  });
}

/** Addresses of the server's own (API, bundles, probes, metrics) answer 404 JSON, never the app's page. */
function isAppPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return !/^\/(?:api|assets)(?:\/|$)/.test(pathname) && !['/metrics', '/healthz', '/readyz'].includes(pathname);
}

/** /console, /console/review, /console?token=...: the console's own page, never the visitor app's. */
function isConsolePath(url: string): boolean {
  return /^\/console(?:[/?#]|$)/.test(url);
}
