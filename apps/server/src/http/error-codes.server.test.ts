// Every refusal carries a stable code beside its English sentence, and the figures it holds (decision 048): the
// web app decides and words by the code, so these are what a visitor in 中文, Melayu or தமிழ் depends on.
import { errorSchema } from '@quackquest/contract';
import { describe, expect, it } from 'vitest';
import { call, idTokenFor, signupBody, uniqueEmail, uniqueIp } from '../../test/auth';
import { addCheckpoint, api, attempt, createUser, getTestContext } from '../../test/helpers';

const app = async () => (await getTestContext()).app;

describe('refusals on the wire: { code, message, params }', () => {
  it('an unknown visitor signing in is userNotFound in every language the request asks in', async () => {
    for (const language of ['en', 'zh-Hans', 'ms', 'ta']) {
      const email = uniqueEmail('stranger');
      const reply = await call(await app(), 'POST', '/api/auth', {
        body: { action: 'login', idToken: await idTokenFor(await app(), email), email },
        headers: { 'accept-language': language },
        ip: uniqueIp(),
      });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: 'userNotFound', message: 'User not found' });
    }
  });

  it('a second sign-up of one address is userExists', async () => {
    const email = uniqueEmail('twice');
    const first = await call(await app(), 'POST', '/api/auth', { body: signupBody(email, await idTokenFor(await app(), email)) });
    expect(first.status).toBe(201);
    const again = await call(await app(), 'POST', '/api/auth', { body: signupBody(email, await idTokenFor(await app(), email)) });
    expect(again).toMatchObject({ status: 409, body: { code: 'userExists', message: 'User already exists' } });
  });

  it("a field that fails its check names the field and its figure; a schema's own sentence keeps its code", async () => {
    const long = await call(await app(), 'POST', '/api/auth', {
      body: { ...signupBody(uniqueEmail('long'), 'x'.repeat(20)), PhoneNumber: '1'.repeat(41) },
    });
    expect(long).toMatchObject({
      status: 400,
      body: { code: 'fieldTooLong', message: 'Phone number must be at most 40 characters.', params: { field: 'phone', max: 40 } },
    });
    const missing = await call(await app(), 'POST', '/api/auth/email-link', { body: { email: '' }, ip: uniqueIp() });
    expect(missing).toMatchObject({ status: 400, body: { code: 'emailMissing', message: 'Please enter your email address' } });
    const malformed = await call(await app(), 'POST', '/api/auth/email-link', { body: { email: 'no-at-sign' }, ip: uniqueIp() });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'emailInvalid' } });
  });

  it('a game rule with a figure sends the figure', async () => {
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'MCQ', maxAttempts: 1 });
    expect((await attempt(user, cp.slug, 'd')).status).toBe(200);
    const refused = await attempt(user, cp.slug, 'a');
    expect(refused).toMatchObject({ status: 403, body: { code: 'maxAttempts', params: { maxAttempts: 1 } } });
    expect(refused.body.message).toContain('(1)');
  });

  it('a refusal without a sentence of its own is coded by its kind; every body has the one shape', async () => {
    const unknown = await api('GET', '/api/no-such-thing');
    expect(unknown).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const spin = await api('POST', '/api/spin', await createUser(), { type: 'Scan' });
    expect(spin).toMatchObject({ status: 403, body: { code: 'spinWithoutCheckpoint' } });
    const badJson = await api('POST', '/api/spin', await createUser(), '{not json', { 'content-type': 'application/json' });
    expect(badJson).toMatchObject({ status: 400, body: { code: 'invalid', message: 'The request body is not valid JSON.' } });
    for (const body of [unknown.body, spin.body, badJson.body]) expect(errorSchema.strict().parse(body)).toEqual(body);
  });
});
