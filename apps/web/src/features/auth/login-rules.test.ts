import { describe, expect, it } from 'vitest';
import {
  decideLogin,
  readLinkToken,
  readProviderFragment,
  searchWithoutToken,
  type LoginDecision,
  type Reply,
} from './login-rules';

type LoginReply = Reply<{ email?: string; userName?: string }>;
const fail = (message: string, code = ''): LoginReply => ({ ok: false, message, code, source: 'server' });

describe('decideLogin (docs/product.md §5.2 and §7.1)', () => {
  const cases: [string, LoginReply, LoginDecision][] = [
    [
      'success sets the session',
      { ok: true, data: { email: 'a@x.sg', userName: 'Ann' } },
      { kind: 'session', email: 'a@x.sg', userName: 'Ann' },
    ],
    [
      'success without an e-mail keeps the one signed in with',
      { ok: true, data: { userName: 'Ann' } },
      { kind: 'session', email: 'me@x.sg', userName: 'Ann' },
    ],
    ["the server's 'User not found' goes to signup", fail('User not found', 'userNotFound'), { kind: 'signup' }],
    // The sign-up in 中文, Melayu and தமிழ் (issue 27): the words are the visitor's, the code the server's.
    ['the same refusal in Chinese goes to signup', fail('未找到用户', 'userNotFound'), { kind: 'signup' }],
    ['the same refusal in Tamil goes to signup', fail('பயனர் கிடைக்கவில்லை', 'userNotFound'), { kind: 'signup' }],
    [
      "words saying 'not found' under another code are shown, not taken for an unknown visitor",
      fail('Image not found.', 'imageNotFound'),
      { kind: 'message', text: 'Image not found.' },
    ],
    [
      'another message is shown',
      fail('This sign-in link has expired.'),
      { kind: 'message', text: 'This sign-in link has expired.' },
    ],
    ["no message falls back to 'Authentication failed'", fail(''), { kind: 'message', text: 'Authentication failed' }],
  ];
  it.each(cases)('%s', (_name, reply, expected) => {
    expect(decideLogin(reply, 'me@x.sg')).toEqual(expected);
  });
});

describe('e-mail link token in the address', () => {
  it.each([
    ['?token=abc123', 'abc123'],
    ['?a=1&token=abc', 'abc'],
    ['?token=', null],
    ['', null],
  ])('readLinkToken(%s) -> %s', (search, expected) => {
    expect(readLinkToken(search)).toBe(expected);
  });

  it.each([
    ['?token=abc', ''],
    ['?token=abc&error=x', '?error=x'],
    ['?a=1', '?a=1'],
  ])('searchWithoutToken(%s) -> %s', (search, expected) => {
    expect(searchWithoutToken(search)).toBe(expected);
  });
});

describe("the server's Google callback fragment", () => {
  it.each([
    ['', null],
    ['#', null],
    ['#section', null],
    ['#idToken=t0k&email=a%40x.sg&name=Ann%20Lee', { idToken: 't0k', email: 'a@x.sg', name: 'Ann Lee' }],
    ['#idToken=t0k&email=a%40x.sg', { idToken: 't0k', email: 'a@x.sg', name: '' }],
    ['#idToken=t0k&email=', 'invalid'],
    ['#email=a%40x.sg', 'invalid'],
  ] as const)('%s', (hash, expected) => {
    expect(readProviderFragment(hash)).toEqual(expected);
  });
});
