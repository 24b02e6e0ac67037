// Sign-in and sign-up calls. Payload field names are the original visitor app's (docs/product.md §10).
import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  INSTAGRAM_MAX_LENGTH,
  NAME_MAX_LENGTH,
  OPERATOR_CODE_DIGITS,
  PHONE_MAX_LENGTH,
  SIGNIN_CODE_DIGITS,
} from './constants';
import { authMessages } from './messages';

const email = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ message: 'Please enter a valid email address' }))
  .transform((v) => v.toLowerCase());

/** '/console': an operator's sign-in link opens the console (decision 019). */
export const RETURN_PATHS = ['/', '/signup', '/console'] as const;

const text = (max: number) => z.string().trim().max(max);

/** The sign-up form's details, kept with a sign-up link so any browser that opens it can finish (§5.2). */
export const pendingSignupSchema = z.object({
  fullName: text(NAME_MAX_LENGTH).min(1, authMessages.fullNameRequired),
  phone: text(PHONE_MAX_LENGTH),
  instagram: text(INSTAGRAM_MAX_LENGTH),
});
export type PendingSignup = z.infer<typeof pendingSignupSchema>;

export const emailLinkBodySchema = z.object({
  email: z.string().trim().min(1, authMessages.emailMissing).max(EMAIL_MAX_LENGTH).pipe(email),
  returnTo: z.enum(RETURN_PATHS).default('/'),
  /** Only with returnTo '/signup': submitting the form with them accepted the terms. */
  signup: pendingSignupSchema.optional(),
});

/** Verify by the link's token, or (another browser) by the address and the code: two schemas, so a
 * refusal names the field of the proof actually sent. */
export const linkTokenProofSchema = z.object({ token: z.string().min(10).max(200) });
export const linkCodeProofSchema = z.object({
  email,
  code: z
    .string()
    .trim()
    // A visitor's code, or an operator address's longer one (decision 056).
    .regex(new RegExp(`^(\\d{${SIGNIN_CODE_DIGITS}}|\\d{${OPERATOR_CODE_DIGITS}})$`), authMessages.codeLength),
});
export const idTokenResultSchema = z.object({
  idToken: z.string(),
  email: z.string(),
  name: z.string().optional(),
  /** The details of the sign-up form the link was requested with, if any. */
  signup: pendingSignupSchema.optional(),
});

export const loginBodySchema = z.object({
  action: z.literal('login'),
  idToken: z.string().min(10).max(8000),
  email,
});
export const signupBodySchema = z.object({
  action: z.literal('signup'),
  idToken: z.string().min(10).max(8000),
  email: z.string().trim().max(EMAIL_MAX_LENGTH),
  userName: text(NAME_MAX_LENGTH),
  InstagramHandle: text(INSTAGRAM_MAX_LENGTH),
  PhoneNumber: text(PHONE_MAX_LENGTH),
  CabinOwnership: z.enum(['yes', 'no'], { message: 'CabinOwnership must be "yes" or "no".' }),
  /** The form's terms checkbox; the spec's payload omits it, so absent means accepted by submitting. */
  termsAccepted: z.boolean().optional(),
});
export const authBodySchema = z.discriminatedUnion('action', [loginBodySchema, signupBodySchema]);
export type SignupBody = z.infer<typeof signupBodySchema>;

export const authResultSchema = z.object({
  message: z.string(),
  email: z.string(),
  userName: z.string(),
});
export type AuthResult = z.infer<typeof authResultSchema>;

export const providersSchema = z.object({ google: z.boolean() });

export const outboxSchema = z.array(
  z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    link: z.string(),
    code: z.string(),
    sentAt: z.string(),
  }),
);
