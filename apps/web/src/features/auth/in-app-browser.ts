// Apps whose built-in browser Google refuses to sign in from ("disallowed_useragent"), recognised by the
// user agent: such a visitor is told before trying, and pointed to the e-mail link and code (issue 12).

const IN_APP_BROWSERS: [RegExp, string][] = [
  [/\bInstagram\b/i, 'Instagram'],
  [/\bFBAN\/|\bFBAV\/|\bFB_IAB\//, 'Facebook'],
  [/\bmusical_ly|\bBytedanceWebview\b|\bTikTok\b/i, 'TikTok'],
  [/\bLine\/\d/, 'LINE'],
];

/** The app whose in-app browser this is, or null for an ordinary browser. */
export function detectInAppBrowser(userAgent: string): string | null {
  return IN_APP_BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

/**
 * The notice shown above the Google button in such a browser. On the welcome page the e-mail way is the link
 * just below the button; /login has none, so it points back to the welcome page.
 */
export function inAppBrowserNotice(app: string, page: 'welcome' | 'login'): string {
  const where = page === 'welcome' ? 'below' : 'on the welcome page';
  return `Google sign-in may not work inside ${app}'s browser. Use "Use another way to sign in" ${where}: we e-mail you a sign-in link and a code.`;
}
