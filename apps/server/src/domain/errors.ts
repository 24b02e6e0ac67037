// The one error model of the server's domain code: a refusal of a kind (`ErrorKind`, the contract's) with the
// sentence the person sees, and that sentence's code when it has one (`said(code)`, decision 048). Domain code
// never knows about HTTP or exit codes: the HTTP layer maps each kind to a status once (http/errors.ts), the
// operator CLI to an exit code once (ops/cli.ts).
import { type ApiErrorBody, type ErrorCode, type ErrorKind, type ErrorParams, said } from '@quackquest/contract';

/** A sentence with its code (`said(code)`), or (an operator's sentence naming a file, a flag) plain English. */
type Text = ApiErrorBody | string;

export class DomainError extends Error {
  /** What goes on the wire as `code`: the sentence's own, else the kind. */
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;

  constructor(
    readonly kind: ErrorKind,
    /** Shown to the person as is: a whole sentence, no internals. */
    text: Text,
    options?: { cause?: unknown },
  ) {
    super(typeof text === 'string' ? text : text.message, options);
    this.name = 'DomainError';
    this.code = typeof text === 'string' ? kind : text.code;
    this.params = typeof text === 'string' ? undefined : text.params;
  }
}

export const invalid = (text: Text) => new DomainError('invalid', text);
export const unauthenticated = (text: Text = said('notLoggedIn')) => new DomainError('unauthenticated', text);
export const forbidden = (text: Text) => new DomainError('forbidden', text);
export const notFound = (text: Text) => new DomainError('not_found', text);
export const conflict = (text: Text) => new DomainError('conflict', text);
export const rateLimited = (text: Text) => new DomainError('rate_limited', text);
