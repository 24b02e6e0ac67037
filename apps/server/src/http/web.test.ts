// The built web app's two pages (docs/product.md §15): the console's routes get console.html, the visitor's
// routes index.html, and neither swallows the other.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from './web';

const app = Fastify();

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'quackquest-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<title>visitor</title>');
  writeFileSync(path.join(dist, 'console.html'), '<title>console</title>');
  await registerWeb(app, dist);
});
afterAll(() => app.close());

describe('the web pages', () => {
  it.each(['/console', '/console/', '/console/review', '/console/redeem?code=AB12', '/console?token=abc'])(
    '%s opens the console',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('console');
    },
  );

  it.each(['/', '/checkpoints', '/reward-detail?id=1', '/consoles', '/console-review'])(
    '%s opens the visitor app',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('visitor');
    },
  );
});
