// Helpers for the console tests: an operator with a console session, made directly in the database (the
// sign-in itself is tested through the e-mail link in operators/console-sign-in.server.test.ts).
import { getTestContext, unique } from './helpers';
import { operators } from '../src/db/schema';
import { CONSOLE_COOKIE, createConsoleSession } from '../src/operators/console-session';
import type { Role } from '../src/operators/roles';

export interface TestOperator {
  email: string;
  role: Role;
  cookie: string;
}

/** A new operator of this role, signed in to the console. */
export async function createOperator(role: Role): Promise<TestOperator> {
  const { database } = await getTestContext();
  const email = `${unique(role)}@crew.example.com`;
  await database.db.insert(operators).values({ email, role, addedBy: 'test' });
  return { email, role, cookie: await consoleCookieFor(email) };
}

/** A console session for the address, whatever its role (the gate reads the role on each request). */
async function consoleCookieFor(email: string): Promise<string> {
  const { database } = await getTestContext();
  return `${CONSOLE_COOKIE}=${await createConsoleSession(database.db, email, Date.now())}`;
}
