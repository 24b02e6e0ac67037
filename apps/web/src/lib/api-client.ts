// Talks to the server. Accepts plain JSON and the spec's `{statusCode, body}` wrapping alike, and
// applies the spec's failure rule: a non-ok HTTP status or a body statusCode other than 200.
import type { ErrorParams, TextCode } from '@quackquest/contract/core';
import { outcomeOf, watchCall } from './connection';
import { isOffline } from './online';
import { clearSession } from './storage';

/**
 * A refusal as the server sent it (decision 048): its code, decided on by the app; its English sentence; the
 * figures the sentence holds. `code` is '' when the answer had none (a proxy's page, an older server).
 */
export interface Refusal {
  code: string;
  message: string;
  params?: ErrorParams;
}

/**
 * The language calls are made in and refusals told in. English here, so the console (which shares this client)
 * carries no catalogs; the visitor app puts its own (lib/server-texts.ts, decisions 037 and 048).
 */
export const apiLanguage = {
  locale: (): string => 'en',
  networkText: (): string => 'Network error. Please try again.',
  /** A call that did not reach the server while the phone is online, or a proxy's word that the server is down. */
  unreachableText: (): string => "The game's server is not answering. Please try again in a moment.",
  /** The words for a refusal: the visitor app's catalog text for its code, here its English sentence. */
  refusalText: (refusal: Refusal): string => refusal.message,
};

/** The codes of a table of the contract's sentences whose sentence is plain words (no figures). */
type WordsOf<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & TextCode;

/**
 * A sentence of the contract the app says itself (a check before asking), in the visitor's words:
 * `sayText(authMessages, 'emailMissing')`, so the code and its English cannot part.
 */
export function sayText<T extends object>(table: T, code: WordsOf<T>): string {
  return apiLanguage.refusalText({ code, message: table[code] as string });
}

/**
 * The text of a call that never reached the server (status 0): no network on the phone, or (the phone online) the
 * server not answering (issue 30 part 4).
 */
export const networkErrorText = (): string => (isOffline() ? apiLanguage.networkText() : apiLanguage.unreachableText());

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The refusal in the visitor's words. */
    message: string,
    /** The refusal's code: what the app decides by, never the words. */
    readonly code = '',
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
}

export type Unwrapped = { ok: true; data: unknown } | ({ ok: false; status: number } & Refusal);

/** Pure: what a response means, given its HTTP status and parsed JSON (or undefined). */
export function unwrapResponse(httpStatus: number, json: unknown): Unwrapped {
  if (httpStatus < 200 || httpStatus >= 300) {
    return { ok: false, status: httpStatus, ...refusalOf(isWrapped(json) ? parseBody(json.body) : json) };
  }
  if (!isWrapped(json)) return { ok: true, data: json };
  const data = parseBody(json.body);
  if (json.statusCode !== 200) return { ok: false, status: json.statusCode, ...refusalOf(data) };
  return { ok: true, data };
}

/** The refusal a failed answer's body holds; a body without one gives an empty sentence. */
export function refusalOf(data: unknown): Refusal {
  const code = isObject(data) && typeof data.code === 'string' ? data.code : '';
  const params = isObject(data) && isObject(data.params) ? paramsOf(data.params) : undefined;
  return params ? { code, message: messageOf(data), params } : { code, message: messageOf(data) };
}

function paramsOf(raw: Record<string, unknown>): ErrorParams {
  const params: ErrorParams = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  return params;
}

function isWrapped(json: unknown): json is { statusCode: number; body: unknown } {
  return isObject(json) && typeof json.statusCode === 'number' && 'body' in json;
}

function parseBody(body: unknown): unknown {
  return typeof body === 'string' ? parseJson(body) : body;
}

function messageOf(data: unknown): string {
  if (isObject(data) && typeof data.message === 'string') return data.message;
  if (isObject(data) && typeof data.error === 'string') return data.error;
  return '';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** Sign-in calls expect 401s of their own and must not reset the app. */
  allowUnauthorized?: boolean;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  const ended = watchCall();
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        // The server answers the pack's words and its e-mails in the visitor's language (decision 037).
        'accept-language': apiLanguage.locale(),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    ended(0);
    throw new ApiError(0, networkErrorText());
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    // The connection dropped while the answer arrived.
    ended(0);
    throw new ApiError(0, networkErrorText());
  }
  const result = unwrapResponse(response.status, text ? parseJson(text) : undefined);
  ended(response.status, !result.ok && result.code !== '');
  if (result.ok) return result.data as T;
  if (result.status === 401 && !options.allowUnauthorized) {
    // The server no longer knows this session: forget the flags and start again at the welcome page.
    clearSession();
    window.location.replace('/');
  }
  // A proxy's page for a server that is down has no refusal of ours: say what it means.
  const down = !result.code && outcomeOf(result.status, true) === 'unreachable';
  throw new ApiError(
    result.status,
    down ? apiLanguage.unreachableText() : apiLanguage.refusalText(result),
    result.code,
    result.params,
  );
}

/** The message of a failed call, for an error area: the server's, or `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
