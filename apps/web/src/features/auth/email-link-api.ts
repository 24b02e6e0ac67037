// POST /api/auth/email-link: e-mails a sign-in link with a 8-digit code. Sign-in calls expect 401s of their
// own (allowUnauthorized).
import { api } from '../../lib/api-client';

export async function sendEmailLink(email: string, returnTo: '/' | '/signup'): Promise<void> {
  await api<{ message: string }>('/api/auth/email-link', {
    method: 'POST',
    body: { email: email.trim(), returnTo },
    allowUnauthorized: true,
  });
}
