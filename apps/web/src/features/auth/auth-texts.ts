// Sign-in and sign-up texts of SPEC.md sections 2, 5 and 8 that only the web app shows. The texts the
// server sends too live in '@quackquest/contract/core' (authMessages).

export const authTexts = {
  authenticationFailed: 'Authentication failed',
  signupFailed: 'Failed to complete signup',
  providerSignupFailed: 'Signup failed',
  googleSignupFailed: 'Google sign-up failed',
  alreadyRegistered: 'This email is already registered. Please use the login page instead.',
  noProviderUser: 'No authenticated user found. Please try signing in with Google again.',
  confirmEmail: 'Please provide your email for confirmation',
  signupLinkSent: 'A sign-up link has been sent to your email.',
  signupLinkHint: 'Please check your inbox and click the link to complete your registration.',
  haveCode: 'Have a code instead?',
  signInWithGoogle: 'Sign in with Google',
  signingIn: 'Signing in...',
  cancel: 'Cancel',
} as const;

/** The form's field labels (SPEC.md section 2, /signup). */
export const fieldLabels = {
  email: 'EMAIL',
  fullName: 'FULL NAME',
  phone: 'PHONE NUMBER',
  instagram: 'INSTAGRAM HANDLE',
} as const;

/** SPEC.md section 9: the provider sign-up error path redirects to /login after 3000 ms. */
export const REDIRECT_TO_LOGIN_MS = 3000;
