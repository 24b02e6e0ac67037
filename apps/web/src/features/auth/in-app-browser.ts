// Apps whose built-in browser Google refuses to sign in from ("disallowed_useragent"), recognised by the
// user agent: such a visitor is told before trying, and pointed to the e-mail link and code (issue 12).
import { t } from '../../lib/i18n';

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
  const where = t(page === 'welcome' ? 'auth.inAppBelow' : 'auth.inAppOnLogin');
  return t('auth.inAppBrowser', { app, where });
}
