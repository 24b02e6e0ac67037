// POST /api/auth/email-link: e-mails a sign-in link with a 8-digit code. Sign-in calls expect 401s of their
// own (allowUnauthorized).
import type { PendingSignup } from '@quackquest/contract/core';
import { api } from '../../lib/api-client';
import { askWithBinding } from '../../lib/browser-binding';

/** `signup`: the sign-up form's details, kept with the link for whichever browser opens it (§5.2). */
export async function sendEmailLink(email: string, returnTo: '/' | '/signup', signup?: PendingSignup): Promise<void> {
  // Once more with a binding if refused for want of one (decision 058).
  await askWithBinding(async () => {
    await api<{ message: string }>('/api/auth/email-link', {
      method: 'POST',
      body: { email: email.trim(), returnTo, ...(signup ? { signup } : {}) },
      allowUnauthorized: true,
    });
  });
}
