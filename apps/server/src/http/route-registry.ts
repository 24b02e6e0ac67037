// Every route the app registers, recorded as it is registered, and the session required before anything
// else runs on every /api route not marked public: an anonymous caller gets a 401 whatever it sends (no
// validation message tells it what a route expects), and a new route cannot forget the check.
// The console's routes (/api/console/) are gated here too, by the roles each names where it is registered
// (decision 019): no console session is a 401, a visitor's session or another role a 403.
import { said } from '@quackquest/contract';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { forbidden, unauthenticated } from '../domain/errors';
import { consoleOperator } from '../operators/console-session';
import type { Role } from '../operators/roles';
import { requireUserId, sessionHash } from '../session/session';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Answers without a session: marked `config: { public: true }` where registered, or outside /api. */
  public: boolean;
  /** A console route's roles: who may call it. */
  roles?: readonly Role[];
}

const CONSOLE_PREFIX = '/api/console/';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anyone may call this route: no session is required. */
    public?: boolean;
    /**
     * The handler checks the session in the same query as its data (no separate lookup); the hook only
     * requires a session cookie.
     */
    sessionInQuery?: boolean;
    /** A console route (/api/console/, and only there): the operator roles that may call it. */
    roles?: readonly Role[];
  }
  interface FastifyInstance {
    registeredRoutes: readonly RegisteredRoute[];
  }
}

const requireSession: onRequestAsyncHookHandler = async (request) => {
  await requireUserId(request);
};

const requireSessionCookie: onRequestAsyncHookHandler = async (request) => {
  sessionHash(request);
};

/** The console gate for these roles: the operator's role is read on each request (decision 019). */
function roleGate(roles: readonly Role[]): onRequestAsyncHookHandler {
  return async (request) => {
    const operator = await consoleOperator(request);
    if (operator?.role) {
      if (roles.includes(operator.role)) return;
      throw forbidden(said('roleRefused'));
    }
    if (operator) throw forbidden(said('noRole'));
    // "A visitor or anonymous caller gets 403/401": a signed-in visitor is known and refused.
    const visitor = await requireUserId(request).then(
      () => true,
      () => false,
    );
    throw visitor ? forbidden(said('visitorRefused')) : unauthenticated(said('signInRequired'));
  };
}

/** A console route must name its roles, and only console routes have roles: refused at start-up otherwise. */
function consoleRoles(url: string, config: { public?: boolean; roles?: readonly Role[] }): readonly Role[] | undefined {
  const isConsole = url.startsWith(CONSOLE_PREFIX);
  if (!isConsole) {
    if (config.roles) throw new Error(`${url}: only /api/console/ routes have roles`);
    return undefined;
  }
  if (config.public || !config.roles?.length) throw new Error(`${url}: a console route must name its roles`);
  return config.roles;
}

/** Must run before any route is registered: only later routes are seen. */
export function registerRouteRegistry(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  const gates = new Map<string, onRequestAsyncHookHandler>();
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    const roles = consoleRoles(route.url, config);
    const isPublic = !roles && (config.public === true || !route.url.startsWith('/api/'));
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, public: isPublic, roles });
    if (isPublic) return;
    let gate = config.sessionInQuery ? requireSessionCookie : requireSession;
    if (roles) {
      const key = [...roles].sort().join(',');
      gate = gates.get(key) ?? gates.set(key, roleGate(roles)).get(key)!;
    }
    const hooks = [route.onRequest ?? []].flat();
    // A GET's HEAD route is made from the GET's options, which may already hold the gate.
    if (!hooks.includes(gate)) route.onRequest = [gate, ...hooks];
  });
}
