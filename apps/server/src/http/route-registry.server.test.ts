// Every /api route requires a session unless it is marked public where it is registered: an anonymous
// caller, or one whose session has ended, gets a 401 from each of them, whatever it sends.
import { describe, expect, it } from 'vitest';
import { addCheckpoint, createUser, getTestContext } from '../../test/helpers';
import type { RegisteredRoute } from './route-registry';

/** Marking a route public is a decision to review: this list changes with it. */
const PUBLIC_API_ROUTES = [
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  'GET /api/auth/providers',
  'GET /api/campaign',
  'GET /api/campaign/images/:file',
  'GET /api/dev/outbox',
  'GET /api/kiosks/:id',
  'GET /api/wheel/days',
  'POST /api/auth',
  'POST /api/auth/browser',
  'POST /api/auth/console',
  'POST /api/auth/email-link',
  'POST /api/auth/email-link/verify',
  'POST /api/auth/logout',
  'PUT /api/uploads/:key',
];

const name = (route: RegisteredRoute) => `${route.method} ${route.url}`;

async function apiRoutes() {
  const { app } = await getTestContext();
  return app.registeredRoutes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
}

/** A request that would be served with a valid session: a real checkpoint, a plausible body. */
async function plausibleRequest(route: RegisteredRoute, cookie?: string) {
  const checkpoint = await addCheckpoint({ type: 'Upload' });
  const url = route.url.replace(/:\w+/g, checkpoint.slug);
  const query = { checkpointId: checkpoint.slug, filetype: 'image/png', img_id: 'day-01.svg' };
  const withBody = route.method !== 'GET' && route.method !== 'HEAD';
  return {
    method: route.method as 'GET' | 'POST' | 'PUT',
    url,
    query,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(withBody ? { 'content-type': 'application/json', 'idempotency-key': 'registry-test-key' } : {}),
    },
    ...(withBody ? { payload: JSON.stringify({ answer: 'QQ-TEST-RIGHT', item: 'Anything' }) } : {}),
  };
}

describe('the route registry', () => {
  it('records every route as it is registered', async () => {
    const names = (await apiRoutes()).map(name);
    for (const expected of ['POST /api/claims', 'POST /api/spin', 'GET /api/me', 'POST /api/checkpoints/:id/attempts']) {
      expect(names).toContain(expected);
    }
  });

  it('marks public exactly the routes that say so where they are registered', async () => {
    const routes = await apiRoutes();
    expect(
      routes
        .filter((route) => route.public)
        .map(name)
        .sort(),
    ).toEqual(PUBLIC_API_ROUTES);
  });

  it('answers 401 from every other /api route without a session cookie', async () => {
    const { app } = await getTestContext();
    // The console's routes answer in the console's words: http/console-access.server.test.ts.
    const routes = (await apiRoutes()).filter((route) => !route.public && !route.roles);
    expect(routes.length).toBeGreaterThan(8);
    for (const route of routes) {
      const response = await app.inject(await plausibleRequest(route));
      expect([name(route), response.statusCode]).toEqual([name(route), 401]);
      expect(response.json()).toEqual({ code: 'notLoggedIn', message: 'Please log in to continue.' });
    }
  });

  it('answers 401 from every other /api route with the cookie of an ended session', async () => {
    const { app } = await getTestContext();
    const visitor = await createUser({ ducks: 10 });
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: visitor.headers })).statusCode).toBe(200);
    for (const route of (await apiRoutes()).filter((r) => !r.public && !r.roles)) {
      const response = await app.inject(await plausibleRequest(route, visitor.cookie));
      expect([name(route), response.statusCode]).toEqual([name(route), 401]);
      expect(response.json()).toEqual({ code: 'sessionEnded', message: 'Your session has ended. Please log in again.' });
    }
  });
});
