// A state-changing request from another site is refused (the session cookie is SameSite=Lax too).
import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return; // Not a browser's cross-site request: browsers send Origin on these.
    const own = `${request.protocol}://${request.host}`;
    if (origin !== allowed && origin !== own) throw forbidden('Requests from another site are not allowed.');
  });
}
