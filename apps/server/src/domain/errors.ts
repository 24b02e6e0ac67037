// The one error model of the server's domain code: a refusal with a code that says what kind of refusal
// it is, and the sentence the person sees. Domain code never knows about HTTP or exit codes: the HTTP
// layer maps each code to a status once (http/errors.ts), the operator CLI to an exit code once (ops/cli.ts).

export const DOMAIN_ERROR_CODES = [
  /** The input is malformed or breaks a rule about its shape: change it and try again. */
  'invalid',
  /** There is no signed-in user, or the sign-in proof is not (or no longer) valid. */
  'unauthenticated',
  /** A game rule refuses this person now (window closed, attempts used up, nothing to spin). */
  'forbidden',
  /** The thing asked for does not exist. */
  'not_found',
  /** The current state refuses it (sold out, not enough ducks, already exists, already done). */
  'conflict',
  /** The same request key was already used for something else. */
  'mismatch',
  /** Too many requests: wait and try again. */
  'rate_limited',
  /** A part the server needs is not available just now (no campaign loaded, mail server down). */
  'unavailable',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    /** Shown to the person as is: a whole sentence, no internals. */
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const unauthenticated = (message = 'Please log in to continue.') => new DomainError('unauthenticated', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
