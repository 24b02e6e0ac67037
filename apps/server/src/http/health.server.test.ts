// Liveness, readiness and the drain on SIGTERM (http/health.ts, docs/deploy.md).
import http from 'node:http';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp, call } from '../../test/auth';
import { killAllServers, removeTempDirs, spawnServer, takePort, tempDir } from '../../test/resilience/harness';
import { startSmtp } from '../../test/smtp';
import { dependencyChecks, registerHealth } from './health';

const apps: App[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await killAllServers();
  removeTempDirs();
});

describe('GET /readyz', () => {
  it('is ready when the database, the photo store and the SMTP server answer', async () => {
    const smtp = await startSmtp();
    const app = await buildTestApp({ SMTP_URL: smtp.url });
    apps.push(app);
    const reply = await call(app, 'GET', '/readyz');
    await smtp.close();
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', mail: 'ok' } });
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('stays ready but degraded, naming the failing check without the reason, when the SMTP server does not answer', async () => {
    const app = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    apps.push(app);
    const reply = await call(app, 'GET', '/readyz');
    // Traffic keeps coming (decision 057): the game goes on, e-mail waits in the queue.
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'degraded', checks: { database: 'ok', storage: 'ok', mail: 'failing' } });
    // The liveness probe stays green: a mail outage is no reason to restart the process.
    expect((await call(app, 'GET', '/healthz')).status).toBe(200);
  });

  it('answers 503 when the database does not answer, whatever the others say', async () => {
    const bare = Fastify();
    const fail = () => Promise.reject(new Error('connection refused'));
    const ok = () => Promise.resolve();
    registerHealth(bare, dependencyChecks({ database: fail, storage: ok, mail: fail }), { drainDelayMs: 0 });
    const reply = await bare.inject({ method: 'GET', url: '/readyz' });
    await bare.close();
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({ status: 'not ready', checks: { database: 'failing', storage: 'ok', mail: 'failing' } });
  });

  it('keeps connections open while not draining', async () => {
    const app = await buildTestApp();
    apps.push(app);
    expect((await call(app, 'GET', '/healthz')).headers.connection).not.toBe('close');
  });

  it('answers 503 while draining, and the app closes', async () => {
    const app = await buildTestApp({ DRAIN_DELAY_MS: '300' });
    const draining = app.drain();
    const reply = await call(app, 'GET', '/readyz');
    expect(reply).toMatchObject({ status: 503, body: { status: 'draining' } });
    // Everything else is still served during the delay, each answer closing its connection so that a proxy's
    // kept-alive connections leave before the server closes.
    const served = await call(app, 'GET', '/healthz');
    expect(served.status).toBe(200);
    expect(served.headers.connection).toBe('close');
    await draining;
    await expect(app.inject({ method: 'GET', url: '/healthz' })).rejects.toThrow();
  });
});

/**
 * A POST whose body arrives in two halves, `afterFirstHalf` in between; resolves with the status, or the error's
 * message. Rejects, and drops the request, when `afterFirstHalf` fails.
 */
function slowPost(url: string, body: string, afterFirstHalf: () => Promise<void>): Promise<number | string> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', (error) => resolve(error.message));
    const half = Math.floor(body.length / 2);
    request.write(body.slice(0, half));
    afterFirstHalf().then(
      () => request.end(body.slice(half)),
      (error: unknown) => {
        request.destroy();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

describe('SIGTERM', () => {
  it('answers the request in flight, turns /readyz to 503, then exits 0', async () => {
    const port = await takePort();
    // The delay is the window in which /readyz must be seen at 503; a loaded machine may take a second to answer.
    const server = await spawnServer({ name: 'drain', port, dataDir: tempDir('drain'), env: { DRAIN_DELAY_MS: '5000' } });
    const status = slowPost(`${server.baseUrl}/api/auth/email-link`, JSON.stringify({ email: 'drain@example.com' }), async () => {
      server.child.kill('SIGTERM');
      // Ready until the signal is handled, then 503 for the whole delay: wait for the turn, not for a guessed time.
      let ready = await fetch(`${server.baseUrl}/readyz`);
      while (ready.status === 200) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        ready = await fetch(`${server.baseUrl}/readyz`);
      }
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'draining' });
    });
    expect(await status).toBe(202);
    const code = await new Promise<number | null>((resolve) => {
      if (server.child.exitCode !== null) resolve(server.child.exitCode);
      else server.child.once('exit', (exitCode) => resolve(exitCode));
    });
    expect(code).toBe(0);
    await expect(fetch(`${server.baseUrl}/healthz`)).rejects.toThrow();
    // A server of its own starts and stops: 27 s on a loaded 2-core machine, near the 30 s default.
  }, 90_000);
});
