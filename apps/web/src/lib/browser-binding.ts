// The browser binding of a sign-in (qq_browser, decisions 016 and 058): the sign-in forms ask for it as they open, so
// the e-mail they ask for counts as this browser's own, not as one of its network's requests without a binding (a
// ship's or a venue's thousands of visitors share one address). The server sets it with every link too.
import { ApiError, api } from './api-client';

/** POST /api/auth/browser, in the background: a failure is no matter, the link request binds the browser too. */
export function bindBrowser(): Promise<void> {
  return api<void>('/api/auth/browser', { method: 'POST', allowUnauthorized: true }).catch(() => undefined);
}

/**
 * Asks for a sign-in e-mail; refused as one of many requests without a binding (`linkAskAgain`), binds this browser
 * and asks once more (the refusal has bound it already; the call makes sure).
 */
export async function askWithBinding(ask: () => Promise<void>): Promise<void> {
  try {
    await ask();
  } catch (failure) {
    if (!(failure instanceof ApiError) || failure.code !== 'linkAskAgain') throw failure;
    await bindBrowser();
    await ask();
  }
}
