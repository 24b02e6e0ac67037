import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { pendingSignupSchema } from './auth';
import { said, saidByWords } from './errors';
import { fieldMessages } from './field-messages';
import { parseRequest } from './issue-messages';
import { authMessages, consoleMessages, messages } from './messages';
import { serverMessages } from './server-messages';

describe('codes on the wire (decision 048)', () => {
  it('no two tables give one code two sentences', () => {
    const codes = [messages, serverMessages, authMessages, consoleMessages, fieldMessages].flatMap((table) => Object.keys(table));
    expect(codes.length).toBeGreaterThan(80);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('said writes the sentence with its figures and keeps its code', () => {
    expect(said('userNotFound')).toEqual({ code: 'userNotFound', message: 'User not found' });
    expect(said('maxAttempts', { maxAttempts: 3 })).toEqual({
      code: 'maxAttempts',
      message: 'You have reached the maximum attempts for this checkpoint (3). Please try a different checkpoint.',
      params: { maxAttempts: 3 },
    });
    expect(said('fieldTooLong', { field: 'nickname', max: 5 }).message).toBe(
      'The field "nickname" must be at most 5 characters.',
    );
  });

  it("a schema's own sentence is given the code of its words, and only an exact sentence", () => {
    expect(saidByWords(authMessages.emailMissing)).toEqual({ code: 'emailMissing', message: authMessages.emailMissing });
    expect(saidByWords('User not found!')).toBeUndefined();
    expect(saidByWords('toString')).toBeUndefined();
  });
});

describe('parseRequest: the first failure as a coded refusal', () => {
  const schema = z.object({
    phone: z.string().max(4),
    fullName: pendingSignupSchema.shape.fullName,
    extra: z.string().optional(),
  });

  it('a field that breaks its limit names the field and the figure', () => {
    expect(parseRequest(schema, { phone: '123456', fullName: 'Ann' })).toEqual({
      ok: false,
      refusal: {
        code: 'fieldTooLong',
        message: 'Phone number must be at most 4 characters.',
        params: { field: 'phone', max: 4 },
      },
    });
    expect(parseRequest(schema, { fullName: 'Ann' })).toMatchObject({
      refusal: { code: 'fieldRequired', params: { field: 'phone' } },
    });
  });

  it("the schema's own words keep their code; words of no table are invalid", () => {
    expect(parseRequest(schema, { phone: '1', fullName: '  ' })).toEqual({
      ok: false,
      refusal: { code: 'fullNameRequired', message: authMessages.fullNameRequired },
    });
    const own = z.object({ when: z.number({ message: 'Give a time.' }) });
    expect(parseRequest(own, { when: 'now' })).toEqual({ ok: false, refusal: { code: 'invalid', message: 'Give a time.' } });
  });

  it('a valid request passes through, transformed', () => {
    expect(parseRequest(schema, { phone: '1', fullName: ' Ann ' })).toEqual({ ok: true, value: { phone: '1', fullName: 'Ann' } });
  });
});
