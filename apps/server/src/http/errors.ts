// One error shape for every failure: `{ code, message, params }` (decision 048) with a 4xx status for anything
// the caller did, a 5xx only for a part that is down or a bug.
import { type ApiErrorBody, type ErrorKind, said } from '@quackquest/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isDatabaseBusy } from '../db/errors-seen';
import { DomainError, invalid } from '../domain/errors';
import { ResponseSchemaError } from './serializer';
import { RequestValidationError } from './validation';

/** When a refused "busy" request may be sent again (Retry-After). */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** The one place a domain refusal becomes an HTTP status. */
const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  mismatch: 422,
  rate_limited: 429,
  unavailable: 503,
};

/** PostgreSQL cannot store a NUL character in text; a value holding one is refused before any handler. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

const NUL_MESSAGE = 'The request contains a NUL character, which is not allowed.';

export function registerErrorHandlers(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    done(holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body) ? invalid(NUL_MESSAGE) : undefined);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const status = STATUS_OF[error.kind];
      if (status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return refuse(reply, status, { code: error.code, message: error.message, params: error.params });
    }
    // Already a clear sentence with its code (http/validation.ts).
    if (error instanceof RequestValidationError) return refuse(reply, 400, error.body);
    if (error instanceof ResponseSchemaError) {
      request.log.error({ err: error }, 'response did not match its schema');
      return refuse(reply, 500, said('serverError'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return refuse(reply, status, { code: kindOfStatus(status), message: clientMessage(error) });
    }
    // The database did not answer in time (decision 067): the visitor is told to try again, not that it broke.
    if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'database busy: refused with 503');
      void reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      return refuse(reply, 503, said('serverBusy'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return refuse(reply, 500, said('serverError'));
  });
}

/** Sends a refusal in the one shape; `params` only when the sentence has figures. */
export function refuse(reply: FastifyReply, status: number, body: ApiErrorBody): FastifyReply {
  return reply.status(status).send(body.params ? body : { code: body.code, message: body.message });
}

/** Fastify's own 4xx errors, by status: the kind that status stands for. */
function kindOfStatus(status: number): ErrorKind {
  const kind = (Object.keys(STATUS_OF) as ErrorKind[]).find((k) => STATUS_OF[k] === status);
  return kind ?? 'invalid';
}

// Fastify's own 4xx errors (bad JSON, body too large, wrong content type) get a plain sentence.
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here.';
    default:
      return error.message || 'Bad request.';
  }
}
