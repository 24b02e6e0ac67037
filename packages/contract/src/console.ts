// The operator console's calls (docs/product.md §10 and §14, decision 019).
import { z } from 'zod';

export const OPERATOR_ROLES = ['admin', 'reviewer', 'staff'] as const;

/** POST /api/auth/console: the idToken of an e-mail link or code, as for POST /api/auth. */
export const consoleSignInBodySchema = z.object({ idToken: z.string().min(10).max(8000) });

export const consoleMeSchema = z.object({ email: z.string(), role: z.enum(OPERATOR_ROLES) });

export const operatorSchema = z.object({
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** 'campaign' for the campaign pack's operator.emails, 'cli', or the admin who added it. */
  addedBy: z.string(),
  createdAt: z.string().nullable(),
});

export const addOperatorBodySchema = z.object({
  email: z.string().trim().min(3).max(254),
  role: z.enum(OPERATOR_ROLES, { message: `The role must be one of ${OPERATOR_ROLES.join(', ')}.` }),
});

export const auditRowSchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
