// A state-changing request from another site is refused (the session cookie is SameSite=Lax too).
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../domain/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = request.headers.origin;
    // No Origin: not a browser's cross-site request (browsers send it on these).
    if (SAFE_METHODS.has(request.method) || !origin) return done();
    const own = `${request.protocol}://${request.host}`;
    done(origin !== allowed && origin !== own ? forbidden('Requests from another site are not allowed.') : undefined);
  });
}
