// What a refused API call answers (decision 048): `{ code, message, params }`. `code` is stable: the client
// decides by it and words the refusal in the visitor's language from it and `params`; `message` is the English
// sentence, shown as is by a client that has no words of its own for the code (the console, a script).
import { fieldMessages } from './field-messages';
import { authMessages, consoleMessages, messages } from './messages';
import { serverMessages } from './server-messages';

/**
 * What kind of refusal it is: the server maps a kind to an HTTP status and the CLI to an exit code, each in one
 * table. A refusal whose sentence has no code of its own (an operator's message naming a file, say) goes on the
 * wire with its kind as its code.
 */
export const ERROR_KINDS = [
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
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** Every sentence with a code of its own: the code is its key (the web app's catalog id is `server.<code>`). */
const TEXTS = { ...messages, ...serverMessages, ...authMessages, ...consoleMessages, ...fieldMessages };
type Texts = typeof TEXTS;
export type TextCode = keyof Texts;
export type ErrorCode = TextCode | ErrorKind;
/** The figures and names a sentence holds, by name. */
export type ErrorParams = Record<string, string | number>;
type ParamsOf<C extends TextCode> = Texts[C] extends (params: infer P) => string ? [params: P] : [];

/** A sentence with its code and the figures it was written with. */
export interface Said {
  code: TextCode;
  message: string;
  params?: ErrorParams;
}

/** The body of every 4xx and 5xx answer of the API. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  params?: ErrorParams;
}

/** The sentence of `code`, written with `params`. */
export function said<C extends TextCode>(code: C, ...params: ParamsOf<C>): Said {
  const text = TEXTS[code] as string | ((params: ErrorParams) => string);
  if (typeof text === 'string') return { code, message: text };
  const [values] = params as unknown as [ErrorParams];
  return { code, message: text(values), params: values };
}

let byWords: Map<string, Said> | undefined;
/**
 * The coded sentence with exactly these words, for a sentence a zod schema carries as its own message (`{ message:
 * authMessages.emailMissing }`): zod keeps only the words. The server's validation alone asks (issue-messages.ts).
 */
export function saidByWords(message: string): Said | undefined {
  byWords ??= new Map(
    Object.entries(TEXTS).flatMap(([code, text]) => (typeof text === 'string' ? [[text, { code, message: text } as Said]] : [])),
  );
  return byWords.get(message);
}
