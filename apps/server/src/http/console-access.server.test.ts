// Issue 13's must-show: every /api/console/ route, called as anonymous, as a visitor and as each role, gives
// the expected status. The routes are read from the route registry, so a new console route is covered
// without touching this file; the table below makes a change of any route's roles a visible test change.
import { consoleMessages } from '@quackquest/contract';
import { describe, expect, it } from 'vitest';
import { type TestOperator, createOperator } from '../../test/console';
import { createUser, getTestContext, unique } from '../../test/helpers';
import type { RegisteredRoute } from './route-registry';
import { ROLES, type Role } from '../operators/roles';

const ALL: Role[] = ['admin', 'reviewer', 'staff'];
const ADMIN: Role[] = ['admin'];
const REVIEWERS: Role[] = ['admin', 'reviewer'];
const CREW: Role[] = ['admin', 'staff'];

/** Who may call each console route (docs/product.md §10). */
const CONSOLE_ROUTES: Record<string, Role[]> = {
  'GET /api/console/announcements': ADMIN,
  'POST /api/console/announcements': ADMIN,
  'POST /api/console/announcements/:id/withdraw': ADMIN,
  'DELETE /api/console/operators/:email': ADMIN,
  'GET /api/console/audit': ADMIN,
  'POST /api/console/audit.csv': ADMIN,
  'GET /api/console/campaign': ADMIN,
  'POST /api/console/exports/claims.csv': ADMIN,
  'POST /api/console/exports/leaderboard.csv': ADMIN,
  'POST /api/console/exports/winners.csv': ADMIN,
  'GET /api/console/dashboard': ADMIN,
  'GET /api/console/kiosks': CREW,
  'POST /api/console/kiosks': CREW,
  'POST /api/console/kiosks/:id/revoke': CREW,
  'GET /api/console/me': ALL,
  'GET /api/console/operators': ADMIN,
  'GET /api/console/participants': ADMIN,
  'GET /api/console/participants/:userId': ADMIN,
  'GET /api/console/photos/:attemptId': REVIEWERS,
  'GET /api/console/reviews': REVIEWERS,
  'GET /api/console/rewards': ADMIN,
  'POST /api/console/rewards/:rewardId/stock': ADMIN,
  'GET /api/console/vouchers/:code': CREW,
  'GET /api/console/winners': ADMIN,
  'POST /api/console/campaign/load': ADMIN,
  'POST /api/console/campaign/preview': ADMIN,
  'POST /api/console/operators': ADMIN,
  'POST /api/console/participants/:userId/block': ADMIN,
  'POST /api/console/participants/:userId/ducks': ADMIN,
  'POST /api/console/participants/:userId/erase': ADMIN,
  'POST /api/console/participants/:userId/unblock': ADMIN,
  'POST /api/console/reviews/decisions': REVIEWERS,
  'POST /api/console/reviews/lease': REVIEWERS,
  'POST /api/console/reviews/undo': REVIEWERS,
  'POST /api/console/session/logout': ALL,
  'POST /api/console/vouchers/:code/redeem': CREW,
  'POST /api/console/winners/notify': ADMIN,
};

const name = (route: RegisteredRoute) => `${route.method} ${route.url}`;

async function consoleRoutes() {
  const { app } = await getTestContext();
  return app.registeredRoutes.filter((route) => route.url.startsWith('/api/console/') && route.method !== 'HEAD');
}

/** An attempt id and a voucher code that exist in no test: a served call answers its 200 or 404, changing nothing. */
const NO_ATTEMPT = 2_000_000_000;
const NO_VOUCHER = 'QQ-ZZZZZ-ZZZZZ';
/** A visitor id no test has: notifying it answers 404 and e-mails nobody. */
const NO_USER = 2_000_000_000;
/** A campaign version no test stores: previewing or restoring it answers 404 and loads nothing. */
const NO_VERSION = 2_000_000_000;

/** A request that an allowed caller would have served: a fresh address, a valid body. */
function plausibleRequest(route: RegisteredRoute, cookie?: string) {
  const email = `${unique('someone')}@crew.example.com`;
  const withBody = route.method === 'POST' && !route.url.endsWith('/redeem');
  const body = route.url.endsWith('/decisions')
    ? { decisions: [{ attemptId: NO_ATTEMPT, decision: 'reject', reason: 'The answer is not right.' }] }
    : route.url.endsWith('/winners/notify')
      ? { userIds: [NO_USER], earlyReason: 'Access test' }
      : route.url.startsWith('/api/console/campaign/')
        ? { source: { version: NO_VERSION }, confirm: true }
        : route.url.startsWith('/api/console/participants/') || route.url.startsWith('/api/console/rewards/')
          ? { amount: 1, reason: 'Access test', confirm: 'ERASE' }
          : { email, role: 'staff' };
  return {
    method: route.method as 'GET' | 'POST' | 'DELETE',
    url: route.url
      .replace(':email', encodeURIComponent(email))
      .replace(':attemptId', String(NO_ATTEMPT))
      .replace(':code', NO_VOUCHER)
      .replace(':userId', String(NO_USER))
      .replace(':rewardId', String(NO_USER)),
    headers: { ...(cookie ? { cookie } : {}), ...(withBody ? { 'content-type': 'application/json' } : {}) },
    ...(withBody ? { payload: JSON.stringify(body) } : {}),
  };
}

async function statusOf(route: RegisteredRoute, cookie?: string) {
  const { app } = await getTestContext();
  const response = await app.inject(plausibleRequest(route, cookie));
  const body: unknown = response.headers['content-type']?.toString().startsWith('application/json') ? response.json() : undefined;
  return { status: response.statusCode, body };
}

describe('every /api/console/ route checks the role on the server', () => {
  it('has exactly the routes and roles of the table', async () => {
    const routes = await consoleRoutes();
    const actual = Object.fromEntries(routes.map((route) => [name(route), [...(route.roles ?? [])].sort()]));
    expect(actual).toEqual(CONSOLE_ROUTES);
    expect(routes.every((route) => !route.public)).toBe(true);
  });

  it('answers 401 to an anonymous caller', async () => {
    for (const route of await consoleRoutes()) {
      const { status, body } = await statusOf(route);
      expect([name(route), status, body]).toEqual([
        name(route),
        401,
        { code: 'signInRequired', message: consoleMessages.signInRequired },
      ]);
    }
  });

  it('answers 403 to a signed-in visitor', async () => {
    const visitor = await createUser();
    for (const route of await consoleRoutes()) {
      const { status, body } = await statusOf(route, visitor.cookie);
      expect([name(route), status, body]).toEqual([
        name(route),
        403,
        { code: 'visitorRefused', message: consoleMessages.visitorRefused },
      ]);
    }
  });

  it.each(ROLES)('serves a %s exactly the routes of its role and refuses the others with 403', async (role) => {
    for (const route of await consoleRoutes()) {
      // A fresh operator per call: sign-out ends the session it is called with.
      const operator: TestOperator = await createOperator(role);
      const { status, body } = await statusOf(route, operator.cookie);
      if (route.roles?.includes(role)) {
        expect([name(route), status < 500 && status !== 401 && status !== 403]).toEqual([name(route), true]);
      } else {
        expect([name(route), status, body]).toEqual([
          name(route),
          403,
          { code: 'roleRefused', message: consoleMessages.roleRefused },
        ]);
      }
    }
  });
});
