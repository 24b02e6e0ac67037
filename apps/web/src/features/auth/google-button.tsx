// 'Sign in with Google': a browser navigation to the server's OpenID Connect flow, which ends on
// /login#idToken=... A server with no Google client configured gets no button: none on the welcome page, and on /login
// the sentence saying to use the e-mail way (issue 30 part 5).
import { authMessages } from '@quackquest/contract/core';
import { useEffect, useState } from 'react';
import { googleSignInUrl } from './google-sign-in-api';
import { getProviders, useGoogleOffered } from './providers-api';
import { authTexts } from './auth-texts';
import { detectInAppBrowser, inAppBrowserNotice } from './in-app-browser';
import { sayText } from '../../lib/api-client';

export function GoogleButton({
  onFailure,
  busy = false,
  page,
}: {
  onFailure: (message: string) => void;
  busy?: boolean;
  /** Where the button is: the in-app browser note points to the e-mail way from there. */
  page: 'welcome' | 'login';
}) {
  const [starting, setStarting] = useState(false);
  const offered = useGoogleOffered();
  useEffect(() => {
    // Coming back with the browser's Back button restores this page from the cache: un-busy it.
    const reset = (event: PageTransitionEvent) => event.persisted && setStarting(false);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);
  const start = async () => {
    setStarting(true);
    try {
      const { google } = await getProviders();
      if (google) {
        window.location.assign(googleSignInUrl('/login'));
        return;
      }
      setStarting(false);
      onFailure(sayText(authMessages, 'googleNotConfigured'));
    } catch {
      setStarting(false);
      onFailure(sayText(authMessages, 'googleFailed'));
    }
  };
  const waiting = busy || starting;
  const inApp = detectInAppBrowser(navigator.userAgent);
  if (offered === false) return page === 'login' ? <p>{sayText(authMessages, 'googleNotConfigured')}</p> : null;
  return (
    <>
      {inApp && (
        <p className="banner in-app-notice" role="note">
          {inAppBrowserNotice(inApp, page)}
        </p>
      )}
      <button
        type="button"
        className="btn btn--block google-button"
        disabled={waiting}
        aria-busy={waiting}
        onClick={() => void start()}
      >
        <svg viewBox="0 0 48 48" width="22" height="22" aria-hidden="true">
          <path
            fill="#EA4335"
            d="M24 9.5c3.5 0 6.7 1.2 9.2 3.6l6.9-6.9C35.9 2.4 30.4 0 24 0 14.6 0 6.6 5.4 2.7 13.3l8 6.2C12.6 13.6 17.8 9.5 24 9.5z"
          />
          <path
            fill="#4285F4"
            d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.5 5.8c4.4-4 6.8-10 6.8-17.2z"
          />
          <path
            fill="#FBBC05"
            d="M10.7 28.5c-.5-1.4-.8-2.9-.8-4.5s.3-3.1.8-4.5l-8-6.2C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l8-6.2z"
          />
          <path
            fill="#34A853"
            d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.2 0-11.4-4.1-13.3-9.7l-8 6.2C6.6 42.6 14.6 48 24 48z"
          />
        </svg>
        {waiting ? authTexts.signingIn : authTexts.signInWithGoogle}
      </button>
    </>
  );
}
