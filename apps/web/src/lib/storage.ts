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
  /** The visitor's language (decision 037): en, zh-Hans, ms or ta. */
  language: 'language',
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
  write(keys.isAuthenticated, 'true');
  write(keys.userEmail, email);
  write(keys.userName, userName || 'User');
}

export function clearSession(): void {
  remove(keys.isAuthenticated);
  remove(keys.userEmail);
  remove(keys.userName);
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
