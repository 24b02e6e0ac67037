// GET /api/auth/google: a browser navigation, not a fetch; Google sign-in ends on /login#idToken=...
export function googleSignInUrl(returnTo: '/login' | '/signup'): string {
  return `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`;
}
