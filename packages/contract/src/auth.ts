// Sign-in and sign-up calls. Payload field names are the original visitor app's (docs/product.md §10).
import { z } from 'zod';
import { SIGNIN_CODE_DIGITS } from './constants';
import { authMessages } from './messages';

const email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'Please enter a valid email address' }))
  .transform((v) => v.toLowerCase());

export const RETURN_PATHS = ['/', '/signup'] as const;

export const emailLinkBodySchema = z.object({
  email: z.string().trim().min(1, authMessages.emailMissing).max(254).pipe(email),
  returnTo: z.enum(RETURN_PATHS).default('/'),
});

export const emailLinkVerifySchema = z.union([
  z.object({ token: z.string().min(10).max(200) }),
  z.object({
    email,
    code: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${SIGNIN_CODE_DIGITS}}$`), authMessages.codeLength),
  }),
]);
export const idTokenResultSchema = z.object({ idToken: z.string(), email: z.string(), name: z.string().optional() });

const text = (max: number) => z.string().trim().max(max);

export const loginBodySchema = z.object({
  action: z.literal('login'),
  idToken: z.string().min(10).max(8000),
  email,
});
export const signupBodySchema = z.object({
  action: z.literal('signup'),
  idToken: z.string().min(10).max(8000),
  email: z.string().trim().max(254),
  userName: text(100),
  InstagramHandle: text(100),
  PhoneNumber: text(40),
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
