// Browser storage keys of docs/product.md §3. The server's session cookie is the real identity;
// these flags only decide what the app shows before it asks the server.

export const keys = {
  isAuthenticated: 'isAuthenticated',
  userEmail: 'userEmail',
  userName: 'userName',
  emailForSignIn: 'emailForSignIn',
  signupFormData: 'signupFormData',
  currentCheckpoint: 'currentCheckpoint',
  checkpointType: 'checkpointType',
  strInput: 'strInput',
  pendingImageUpload: 'pendingImageUpload',
  recentAttempts: 'recentAttempts',
  /** The signed-in visitor's last answers, shown offline (query-cache-store.ts); removed with the session. */
  queryCache: 'queryCache',
  /** The install card was dismissed on this phone (features/offline/install-card.tsx). */
  installDismissed: 'installDismissed',
  /** The visitor's language (decision 037): en, zh-Hans, ms or ta. */
  language: 'language',
  /** The crew's announcements dismissed on this phone, by id (features/announcements, decision 078). */
  announcementsDismissed: 'announcementsDismissed',
  /** Logout was pressed without a connection: the server is told when the phone is next online (logout-api.ts). */
  pendingLogout: 'pendingLogout',
  /** The console's kiosk on this tablet: its key and the server clock's offset (console/kiosk, decision 083). */
  kiosk: 'kiosk',
} as const;

export function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked (private mode): the app still works from the server's answers.
  }
}

export function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

export function isAuthenticated(): boolean {
  return read(keys.isAuthenticated) === 'true' && Boolean(read(keys.userEmail));
}

export function setSession(email: string, userName: string): void {
  // Another visitor's saved answers never show to this one.
  if (read(keys.userEmail) !== email) remove(keys.queryCache);
  // Answers another visitor left on this phone are never sent for this one (decision 036); this visitor's own,
  // kept through a session that ended, are sent now. Loaded only then: the first screen does not carry the queue.
  void import('./answer-queue').then((queue) => queue.keepOnlyAnswersOf(email));
  write(keys.isAuthenticated, 'true');
  write(keys.userEmail, email);
  write(keys.userName, userName || 'User');
}

/**
 * The session is over (the server no longer knows it): the visitor starts again at the welcome page. Their answers
 * kept while offline stay on the phone, sent when the same visitor signs in again (decision 036).
 */
export function clearSession(): void {
  remove(keys.isAuthenticated);
  remove(keys.userEmail);
  remove(keys.userName);
  remove(keys.queryCache);
}

export interface SignupFormData {
  email: string;
  fullName: string;
  instagram: string;
  phone: string;
  terms: boolean;
  cabin: boolean;
}

export function readSignupFormData(): SignupFormData | null {
  const raw = read(keys.signupFormData);
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as Partial<SignupFormData>;
    return {
      email: data.email ?? '',
      fullName: data.fullName ?? '',
      instagram: data.instagram ?? '',
      phone: data.phone ?? '',
      terms: data.terms ?? false,
      cabin: data.cabin ?? false,
    };
  } catch {
    return null;
  }
}

/** The visitor signed out: nothing of theirs stays on the phone, answers kept while offline included. */
export function signOut(): void {
  void import('./answer-queue').then((queue) => queue.clearAnswerQueue());
  clearSession();
}
