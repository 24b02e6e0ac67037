// Sign-up rules of docs/product.md §5.2, §6, §7.1 and §10: the form's validation order, the signup payload and
// what a signup reply means, for the e-mail form (/signup) and the provider form (/signup-google).
import { type PendingSignup, type SignupBody, authMessages } from '@quackquest/contract/core';
import type { SignupFormData } from '../../lib/storage';
import { authTexts, REDIRECT_TO_LOGIN_MS } from './auth-texts';
import type { LinkProof, Proof, Reply } from './login-rules';
import { sayText } from '../../lib/api-client';

export type SignupFormValues = Omit<SignupFormData, 'cabin'>;

export const emptySignupForm: SignupFormData = {
  email: '',
  fullName: '',
  instagram: '',
  phone: '',
  terms: false,
  cabin: false,
};

/** The e-mail form: terms, then e-mail and full name, then the other fields marked required. */
export function validateEmailSignup(form: SignupFormValues): string | null {
  if (!form.terms) return sayText(authMessages, 'termsRequired');
  if (!form.email.trim() || !form.fullName.trim()) return sayText(authMessages, 'emailAndNameRequired');
  return validateContact(form);
}

/** The provider form (the e-mail comes from the provider): terms, then full name, then the rest. */
export function validateProviderSignup(form: SignupFormValues): string | null {
  if (!form.terms) return sayText(authMessages, 'termsRequired');
  if (!form.fullName.trim()) return sayText(authMessages, 'fullNameRequired');
  return validateContact(form);
}

function validateContact(form: SignupFormValues): string | null {
  if (!form.phone.trim()) return sayText(authMessages, 'phoneRequired');
  if (!form.instagram.trim()) return sayText(authMessages, 'instagramRequired');
  return null;
}

/** The magic-link popup's one rule. */
export function validateMagicLinkEmail(email: string): string | null {
  return email.trim() ? null : sayText(authMessages, 'emailMissing');
}

/** The spec's signup payload; ticking the terms box is the only way to reach it. */
export function signupPayload(form: SignupFormValues, proof: Proof, cabinOwner: boolean): SignupBody {
  return {
    action: 'signup',
    idToken: proof.idToken,
    email: proof.email,
    userName: form.fullName.trim(),
    InstagramHandle: form.instagram.trim(),
    PhoneNumber: form.phone.trim(),
    CabinOwnership: cabinOwner ? 'yes' : 'no',
    termsAccepted: true,
  };
}

/** The form's details that travel with a sign-up link (POST /api/auth/email-link). */
export function pendingSignupOf(form: SignupFormValues): PendingSignup {
  return { fullName: form.fullName.trim(), phone: form.phone.trim(), instagram: form.instagram.trim() };
}

/**
 * The form the cabin popup signs up with once a sign-up link proved an unknown address: the form stored in
 * this browser, else the details the link was requested with in another browser (issue 12); null when
 * neither is there (the visitor then fills the form).
 */
export function formForCabin(stored: SignupFormData | null, proof: LinkProof): SignupFormData | null {
  if (stored && (sameEmail(stored.email, proof.email) || !proof.signup)) return stored;
  if (!proof.signup) return null;
  return { ...emptySignupForm, ...proof.signup, email: proof.email, terms: true };
}

/** What the form is pre-filled with for a user whose account was not found (docs/product.md §2.3). */
export function prefillSignupForm(stored: SignupFormData | null, email: string, name = ''): SignupFormData {
  const base = stored && sameEmail(stored.email, email) ? stored : emptySignupForm;
  return { ...base, email, fullName: name || base.fullName };
}

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export type SignupDecision =
  | { kind: 'session'; email: string; userName: string }
  /** 'already exists': treated as logged in; the caller logs in to get the server's session. */
  | { kind: 'existing' }
  /** The proof itself was refused (expired, spent): the form forgets it and e-mails a link instead (issue 30). */
  | { kind: 'proofRefused'; text: string }
  | { kind: 'message'; text: string };

/** The server's codes for an idToken it will not take (auth/handlers/session.ts). */
const PROOF_REFUSALS = new Set(['tokenInvalid', 'tokenUsed', 'tokenOtherBrowser', 'tokenEmailMismatch']);

type SignupReply = Reply<{ email?: string; userName?: string }>;

/** The e-mail sign-up (docs/product.md §7.1): 'already exists' is success. */
export function decideSignup(reply: SignupReply, form: SignupFormValues, proof: Proof): SignupDecision {
  if (reply.ok) return sessionOf(reply.data, form, proof);
  if (reply.code === 'userExists') return { kind: 'existing' };
  const text = reply.message || authTexts.signupFailed;
  return PROOF_REFUSALS.has(reply.code) ? { kind: 'proofRefused', text } : { kind: 'message', text };
}

export type ProviderSignupDecision =
  | { kind: 'session'; email: string; userName: string }
  | { kind: 'registered'; text: string; redirectTo: '/login'; afterMs: number }
  | { kind: 'message'; text: string };

/** The provider sign-up (docs/product.md §7.1): an already registered e-mail goes back to /login. */
export function decideProviderSignup(reply: SignupReply, form: SignupFormValues, proof: Proof): ProviderSignupDecision {
  if (reply.ok) return sessionOf(reply.data, form, proof);
  if (reply.code === 'userExists') {
    return { kind: 'registered', text: authTexts.alreadyRegistered, redirectTo: '/login', afterMs: REDIRECT_TO_LOGIN_MS };
  }
  const fallback = reply.source === 'server' ? authTexts.providerSignupFailed : authTexts.googleSignupFailed;
  return { kind: 'message', text: reply.message || fallback };
}

function sessionOf(data: { email?: string; userName?: string }, form: SignupFormValues, proof: Proof) {
  return { kind: 'session' as const, email: data.email || proof.email, userName: data.userName || form.fullName.trim() };
}
