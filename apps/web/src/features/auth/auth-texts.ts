// Sign-in and sign-up texts of docs/product.md §2, §6 and §7 that only the web app shows. The texts the
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

/** The form's field labels (docs/product.md §2.3). */
export const fieldLabels = {
  email: 'EMAIL',
  fullName: 'FULL NAME',
  phone: 'PHONE NUMBER',
  instagram: 'INSTAGRAM HANDLE',
} as const;

/** docs/product.md §8: the provider sign-up error path redirects to /login after 3000 ms. */
export const REDIRECT_TO_LOGIN_MS = 3000;
