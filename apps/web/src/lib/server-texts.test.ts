import { authMessages, messages } from '@quackquest/contract/core';
import { afterEach, describe, expect, it } from 'vitest';
import '../features/auth/signup-texts';
import { activateLocale } from './i18n';
import { serverText } from './server-texts';

afterEach(() => activateLocale('en'));

describe('serverText', () => {
  it('keeps the English words exact in English', () => {
    expect(serverText(authMessages.codeWrong)).toBe(authMessages.codeWrong);
    expect(serverText('Phone number must be at most 20 characters.')).toBe('Phone number must be at most 20 characters.');
  });

  it('tells a known message in the visitor language', async () => {
    await activateLocale('zh-Hans');
    expect(serverText(authMessages.codeWrong)).toBe('验证码不正确。请查看邮件后重试。');
  });

  it('tells a failed field check in the visitor language, with its figure', async () => {
    await activateLocale('ms');
    expect(serverText('Phone number must be at most 20 characters.')).toBe('Nombor telefon mestilah tidak melebihi 20 aksara.');
    await activateLocale('zh-Hans');
    expect(serverText('Email is not valid.')).toBe('电子邮箱无效。');
  });

  it('leaves a message it does not know as sent, and one whose catalog is not loaded in English', async () => {
    await activateLocale('ta');
    expect(serverText('The field "nickname" is required.')).toBe('The field "nickname" is required.');
    expect(serverText('Something new from the server')).toBe('Something new from the server');
    // The signed-in screens' catalog (game) is not loaded here.
    expect(serverText(messages.strEmpty)).toBe(messages.strEmpty);
  });
});
