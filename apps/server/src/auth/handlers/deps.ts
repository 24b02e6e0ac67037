// What the auth handlers share: the app context, the Google client and the ID-token signer.
import { parseRequest } from '@quackquest/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { invalid } from '../../domain/errors';
import { createIdTokens, type IdTokens } from '../id-token';
import { createOidc, type Oidc } from '../oidc';

export interface AuthDeps {
  ctx: AppContext;
  oidc: Oidc;
  idTokens: IdTokens;
  /** Cookies are `Secure` when the app is served over https. */
  secureCookies: boolean;
}

export function createAuthDeps(ctx: AppContext): AuthDeps {
  const oidc = createOidc(ctx.env);
  const idTokens = createIdTokens({ secret: ctx.secret, issuer: ctx.env.PUBLIC_URL });
  return { ctx, oidc, idTokens, secureCookies: ctx.env.PUBLIC_URL.startsWith('https:') };
}

/** Validates with the schema's own words, so a bypassed form still gets the spec's messages; a failure the
 * schema has no words for gets a clear sentence (describeIssue), never the validator's. */
export function parseBody<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = parseRequest(schema, value ?? {});
  if (!result.ok) throw invalid(result.refusal);
  return result.value;
}
