// A visitor signed up through the real API as a browser does it (issue 26 part 6: one home for the journeys' visitors
// and the benches'): the e-mailed link asked for, opened (which sets the browser's binding cookie, decision 016), and
// the sign-up sent with that cookie. How a request is sent and where the link is read differ: the journeys send from
// a loopback address of the visitor's own and read the SMTP server; the benches read the development outbox.
export interface Answer {
  status: number;
  /** The Set-Cookie lines, one per line. */
  setCookie: string;
  json: unknown;
}

export interface SignUpWay {
  /** A POST as the visitor's browser, with its cookie if any. */
  post(path: string, body: unknown, cookie?: string): Promise<Answer>;
  /** The sign-in link last e-mailed to `email`. */
  linkFor(email: string): Promise<string>;
}

export interface NewVisitor {
  email: string;
  name: string;
  /** The sign-up form's other fields (InstagramHandle, PhoneNumber, CabinOwnership, ...). */
  fields: Record<string, unknown>;
  /** A `qq_browser=...` cookie: the same browser as an earlier visitor (one person, two accounts). */
  browser?: string | undefined;
}

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json)}`);
}

/** Signs the visitor up; resolves to their session cookie's value. */
export async function signUpVisitor(way: SignUpWay, visitor: NewVisitor): Promise<string> {
  const { email, name } = visitor;
  expectStatus(await way.post('/api/auth/email-link', { email, returnTo: '/signup' }), 202, 'the sign-in link');
  const token = new URL(await way.linkFor(email)).searchParams.get('token');
  if (!token) throw new Error(`no token in the link e-mailed to ${email}`);
  const verified = await way.post('/api/auth/email-link/verify', { token }, visitor.browser);
  expectStatus(verified, 200, 'the link opened');
  const { idToken } = verified.json as { idToken: string };
  // The idToken works only with the binding cookie of the browser that verified the link (decision 016).
  const browser = /qq_browser=[^;\n]+/.exec(verified.setCookie)?.[0] ?? '';
  const signup = await way.post('/api/auth', { action: 'signup', idToken, email, userName: name, ...visitor.fields }, browser);
  expectStatus(signup, 201, 'the sign-up');
  const session = /qq_session=([^;\n]+)/.exec(signup.setCookie)?.[1];
  if (!session) throw new Error('the sign-up set no session cookie');
  return session;
}
