import { authMessages, messages } from '@quackquest/contract/core';
import { said } from '@quackquest/contract/errors';
import { afterEach, describe, expect, it } from 'vitest';
import '../features/auth/signup-texts';
import { activateLocale } from './language';
import { refusalText } from './server-texts';

afterEach(() => activateLocale('en'));

describe('refusalText: the words of a refusal, by its code (decision 048)', () => {
  it('keeps the English words exact in English', () => {
    expect(refusalText(said('codeWrong'))).toBe(authMessages.codeWrong);
    expect(refusalText(said('fieldTooLong', { field: 'phone', max: 20 }))).toBe('Phone number must be at most 20 characters.');
  });

  it('tells a known code in the visitor language, whatever the English words', async () => {
    await activateLocale('zh-Hans');
    expect(refusalText(said('codeWrong'))).toBe('验证码不正确。请查看邮件后重试。');
    // The code decides: the server may reword its English without the visitor's words changing.
    expect(refusalText({ code: 'codeWrong', message: 'Some newer English' })).toBe('验证码不正确。请查看邮件后重试。');
    expect(refusalText(said('userNotFound'))).not.toBe(authMessages.userNotFound);
  });

  it('tells a failed field check in the visitor language, with its figure', async () => {
    await activateLocale('ms');
    expect(refusalText(said('fieldTooLong', { field: 'phone', max: 20 }))).toBe(
      'Nombor telefon mestilah tidak melebihi 20 aksara.',
    );
    await activateLocale('zh-Hans');
    expect(refusalText(said('fieldInvalid', { field: 'email' }))).toBe('电子邮箱无效。');
  });

  it('leaves a refusal it has no words for as sent, and one whose catalog is not loaded in English', async () => {
    await activateLocale('ta');
    expect(refusalText(said('fieldRequired', { field: 'nickname' }))).toBe('The field "nickname" is required.');
    expect(refusalText({ code: 'conflict', message: 'Something new from the server' })).toBe('Something new from the server');
    expect(refusalText({ code: '', message: 'No code at all' })).toBe('No code at all');
    // The signed-in screens' catalog (game) is not loaded here.
    expect(refusalText(said('strEmpty'))).toBe(messages.strEmpty);
  });
});
