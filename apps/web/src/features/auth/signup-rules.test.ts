import { describe, expect, it } from 'vitest';
import {
  decideProviderSignup,
  decideSignup,
  emptySignupForm,
  formForCabin,
  pendingSignupOf,
  prefillSignupForm,
  signupPayload,
  validateEmailSignup,
  validateMagicLinkEmail,
  validateProviderSignup,
  type SignupFormValues,
} from './signup-rules';
import type { Reply } from './login-rules';

const full: SignupFormValues = { email: 'a@x.sg', fullName: 'Ann Lee', phone: '+65 8123 4567', instagram: '@ann', terms: true };
const proof = { idToken: 'id-token-123', email: 'a@x.sg' };
type SignupReply = Reply<{ email?: string; userName?: string }>;
const success = (data: { email?: string; userName?: string }): SignupReply => ({ ok: true, data });
const fail = (message: string, source: 'server' | 'client' = 'server', code = ''): SignupReply => ({
  ok: false,
  message,
  code,
  source,
});

describe('e-mail sign-up validation order (docs/product.md §6)', () => {
  it.each([
    [
      'terms unticked comes first, even with empty fields',
      { ...full, terms: false, email: '', fullName: '' },
      'Please accept the terms and conditions',
    ],
    ['missing e-mail', { ...full, email: '  ' }, 'Email and full name are required'],
    ['missing full name', { ...full, fullName: '' }, 'Email and full name are required'],
    ['missing phone', { ...full, phone: '' }, 'Phone number is required'],
    ['missing Instagram handle', { ...full, instagram: ' ' }, 'Instagram handle is required'],
    ['everything filled', full, null],
  ])('%s', (_name, form, expected) => {
    expect(validateEmailSignup(form)).toBe(expected);
  });
});

describe('provider sign-up validation order (docs/product.md §6)', () => {
  it.each([
    ['terms unticked comes first', { ...full, terms: false, fullName: '' }, 'Please accept the terms and conditions'],
    ['missing full name', { ...full, fullName: ' ' }, 'Full name is required'],
    ['no e-mail is needed: the provider gives it', { ...full, email: '' }, null],
    ['missing phone', { ...full, phone: '' }, 'Phone number is required'],
    ['missing Instagram handle', { ...full, instagram: '' }, 'Instagram handle is required'],
  ])('%s', (_name, form, expected) => {
    expect(validateProviderSignup(form)).toBe(expected);
  });
});

describe('magic-link popup validation', () => {
  it.each([
    ['', 'Please enter your email address'],
    ['   ', 'Please enter your email address'],
    ['a@x.sg', null],
  ])('%j -> %s', (email, expected) => {
    expect(validateMagicLinkEmail(email)).toBe(expected);
  });
});

describe('signup payload (docs/product.md §10)', () => {
  it.each([
    [true, 'yes'],
    [false, 'no'],
  ] as const)('cabin owner %s -> CabinOwnership %s', (cabinOwner, expected) => {
    expect(signupPayload({ ...full, fullName: ' Ann Lee ' }, proof, cabinOwner)).toEqual({
      action: 'signup',
      idToken: 'id-token-123',
      email: 'a@x.sg',
      userName: 'Ann Lee',
      InstagramHandle: '@ann',
      PhoneNumber: '+65 8123 4567',
      CabinOwnership: expected,
      termsAccepted: true,
    });
  });
});

describe('pre-filled form for a user not found (docs/product.md §2.3)', () => {
  const stored = { ...full, cabin: false };
  it.each([
    ['nothing stored, e-mail link', null, 'b@x.sg', '', { ...emptySignupForm, email: 'b@x.sg' }],
    ['nothing stored, provider name', null, 'b@x.sg', 'Bob Tan', { ...emptySignupForm, email: 'b@x.sg', fullName: 'Bob Tan' }],
    ['stored data for the same address is kept', stored, 'A@X.sg', '', { ...stored, email: 'A@X.sg' }],
    ["the provider's name wins over the stored one", stored, 'a@x.sg', 'Annie', { ...stored, fullName: 'Annie' }],
    ["another address's stored data is not reused", stored, 'c@x.sg', '', { ...emptySignupForm, email: 'c@x.sg' }],
  ])('%s', (_name, existing, email, name, expected) => {
    expect(prefillSignupForm(existing, email, name)).toEqual(expected);
  });
});

describe('e-mail sign-up reply (docs/product.md §7.1)', () => {
  it.each([
    ['success', success({ email: 'a@x.sg', userName: 'Ann Lee' }), { kind: 'session', email: 'a@x.sg', userName: 'Ann Lee' }],
    ["'already exists' is treated as logged in", fail('User already exists', 'server', 'userExists'), { kind: 'existing' }],
    ['in Malay too: the code decides', fail('Pengguna sudah wujud', 'server', 'userExists'), { kind: 'existing' }],
    [
      'another message is shown',
      fail('Your sign-in could not be verified.'),
      { kind: 'message', text: 'Your sign-in could not be verified.' },
    ],
    ["no message: 'Failed to complete signup'", fail(''), { kind: 'message', text: 'Failed to complete signup' }],
  ])('%s', (_name, reply, expected) => {
    expect(decideSignup(reply, full, proof)).toEqual(expected);
  });

  // The proof the form kept (issue 30 part 3) expired or was spent: the form drops it and e-mails a link again.
  it.each(['tokenInvalid', 'tokenUsed', 'tokenOtherBrowser', 'tokenEmailMismatch'])(
    'the proof refused (%s) is dropped',
    (code) => {
      expect(decideSignup(fail('Please sign in again.', 'server', code), full, proof)).toEqual({
        kind: 'proofRefused',
        text: 'Please sign in again.',
      });
    },
  );
});

describe('provider sign-up reply (docs/product.md §7.1)', () => {
  const registered = {
    kind: 'registered',
    text: 'This email is already registered. Please use the login page instead.',
    redirectTo: '/login',
    afterMs: 3000,
  };
  it.each([
    ['success', success({}), { kind: 'session', email: 'a@x.sg', userName: 'Ann Lee' }],
    ["the server's 'User already exists'", fail('User already exists', 'server', 'userExists'), registered],
    ['in Chinese too: the code decides', fail('用户已存在', 'server', 'userExists'), registered],
    ['another message is shown', fail('Too many requests'), { kind: 'message', text: 'Too many requests' }],
    ["a server failure without a message: 'Signup failed'", fail(''), { kind: 'message', text: 'Signup failed' }],
    ["a failure in the page: 'Google sign-up failed'", fail('', 'client'), { kind: 'message', text: 'Google sign-up failed' }],
  ])('%s', (_name, reply, expected) => {
    expect(decideProviderSignup(reply, full, proof)).toEqual(expected);
  });
});

describe('formForCabin (issue 12: a sign-up link opened in another browser)', () => {
  const proof = { idToken: 'token', email: 'ada@example.com' };
  const details = { fullName: 'Ada Lovelace', phone: '+65 8123 4567', instagram: '@ada' };
  const stored = { ...emptySignupForm, email: 'ada@example.com', fullName: 'Ada L', terms: true };

  it("uses this browser's stored form for the same address", () => {
    expect(formForCabin(stored, { ...proof, signup: details })).toBe(stored);
  });

  it('uses the details sent with the link when this browser has none', () => {
    expect(formForCabin(null, { ...proof, signup: details })).toEqual({
      ...emptySignupForm,
      ...details,
      email: 'ada@example.com',
      terms: true,
    });
  });

  it('prefers the link details over a stored form of another address, and gives null without either', () => {
    const other = { ...stored, email: 'someone@example.com' };
    expect(formForCabin(other, { ...proof, signup: details })?.fullName).toBe('Ada Lovelace');
    expect(formForCabin(null, proof)).toBeNull();
  });

  it('sends only the trimmed details with the link', () => {
    expect(pendingSignupOf({ ...stored, fullName: ' Ada ', phone: ' 1 ', instagram: ' @a ' })).toEqual({
      fullName: 'Ada',
      phone: '1',
      instagram: '@a',
    });
  });
});
