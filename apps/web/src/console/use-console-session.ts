// Who is signed in to the console. Landing on /console?token=... (the e-mail link) spends the token once and
// takes it out of the address bar; otherwise GET /api/console/me says whether a session is open. A link for
// another address than the open session's asks first (decision 056): anybody can send an operator a link.
import { useCallback, useEffect, useState } from 'react';
import { failureMessage } from '../lib/api-client';
import type { ConsoleMe } from './console-types';
import { consoleTexts } from './console-texts';
import { fetchConsoleMe, signOutOfConsole } from './session-api';
import { type ConsoleProof, startConsoleSession, verifyConsoleProof } from './sign-in-api';

export type ConsoleSession =
  | { kind: 'loading' }
  | { kind: 'signed-out'; error: string }
  /** `notice`: why a link opened while signed in changed nothing (used, expired). */
  | { kind: 'signed-in'; me: ConsoleMe; notice?: string }
  /** A link for `next` opened where `me` is signed in: the operator chooses. */
  | { kind: 'switch'; me: ConsoleMe; next: ConsoleProof }
  | { kind: 'failed' };

/** One start per page load: React's development double effects must not spend the link twice. */
let starting: Promise<ConsoleSession> | null = null;

async function startSession(): Promise<ConsoleSession> {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token) {
    url.searchParams.delete('token');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    const current = await fetchConsoleMe().catch(() => null);
    try {
      const next = await verifyConsoleProof({ token });
      if (!current) return { kind: 'signed-in', me: await startConsoleSession(next.idToken) };
      // The same address keeps the session it has; another one replaces it only when the operator says so.
      return current.email === next.email ? { kind: 'signed-in', me: current } : { kind: 'switch', me: current, next };
    } catch (error) {
      const message = failureMessage(error, consoleTexts.signInFailed);
      return current ? { kind: 'signed-in', me: current, notice: message } : { kind: 'signed-out', error: message };
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
  /** Signs the open session out, then in as the link's address; a refusal ends signed out with its words. */
  const switchTo = useCallback(async (next: ConsoleProof) => {
    try {
      await signOutOfConsole();
      setSession({ kind: 'signed-in', me: await startConsoleSession(next.idToken) });
    } catch (error) {
      setSession({ kind: 'signed-out', error: failureMessage(error, consoleTexts.signInFailed) });
    }
  }, []);
  return { session, retry, signedIn, signOut, switchTo };
}
