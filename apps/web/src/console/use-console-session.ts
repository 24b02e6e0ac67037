// Who is signed in to the console. Landing on /console?token=... (the e-mail link) spends the token once and
// takes it out of the address bar; otherwise GET /api/console/me says whether a session is open.
import { useCallback, useEffect, useState } from 'react';
import { failureMessage } from '../lib/api-client';
import type { ConsoleMe } from './console-types';
import { consoleTexts } from './console-texts';
import { fetchConsoleMe, signOutOfConsole } from './session-api';
import { signInToConsole } from './sign-in-api';

export type ConsoleSession =
  { kind: 'loading' } | { kind: 'signed-out'; error: string } | { kind: 'signed-in'; me: ConsoleMe } | { kind: 'failed' };

/** One start per page load: React's development double effects must not spend the link twice. */
let starting: Promise<ConsoleSession> | null = null;

async function startSession(): Promise<ConsoleSession> {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token) {
    url.searchParams.delete('token');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    try {
      return { kind: 'signed-in', me: await signInToConsole({ token }) };
    } catch (error) {
      return { kind: 'signed-out', error: failureMessage(error, consoleTexts.signInFailed) };
    }
  }
  try {
    const me = await fetchConsoleMe();
    return me ? { kind: 'signed-in', me } : { kind: 'signed-out', error: '' };
  } catch {
    return { kind: 'failed' };
  }
}

export function useConsoleSession() {
  const [session, setSession] = useState<ConsoleSession>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    starting ??= startSession();
    void starting.then((result) => live && setSession(result));
    return () => {
      live = false;
    };
  }, []);
  const retry = useCallback(() => {
    setSession({ kind: 'loading' });
    starting = startSession();
    void starting.then(setSession);
  }, []);
  const signedIn = useCallback((me: ConsoleMe) => setSession({ kind: 'signed-in', me }), []);
  const signOut = useCallback(async () => {
    try {
      await signOutOfConsole();
    } finally {
      setSession({ kind: 'signed-out', error: '' });
    }
  }, []);
  return { session, retry, signedIn, signOut };
}
