// Every route the app registers, recorded as it is registered, and the session required before anything
// else runs on every /api route not marked public: an anonymous caller gets a 401 whatever it sends (no
// validation message tells it what a route expects), and a new route cannot forget the check.
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { requireUserId, sessionHash } from '../session/session';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Answers without a session: marked `config: { public: true }` where registered, or outside /api. */
  public: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anyone may call this route: no session is required. */
    public?: boolean;
    /**
     * The handler checks the session in the same query as its data (no separate lookup); the hook only
     * requires a session cookie.
     */
    sessionInQuery?: boolean;
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

/** Must run before any route is registered: only later routes are seen. */
export function registerRouteRegistry(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    const isPublic = config.public === true || !route.url.startsWith('/api/');
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, public: isPublic });
    if (isPublic) return;
    const gate = config.sessionInQuery ? requireSessionCookie : requireSession;
    const hooks = [route.onRequest ?? []].flat();
    // A GET's HEAD route is made from the GET's options, which may already hold the gate.
    if (!hooks.includes(gate)) route.onRequest = [gate, ...hooks];
  });
}
