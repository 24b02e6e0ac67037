import { describe, expect, it } from 'vitest';
import { detectInAppBrowser, inAppBrowserNotice } from './in-app-browser';

const table: [string, string | null][] = [
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.3.12.235 (iPhone14,5; iOS 17_4; en_US)',
    'Instagram',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36 Instagram 329.0.0.41.93 Android',
    'Instagram',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/458.0.0.41.108;FBBV/590;FBDV/iPhone14,5]',
    'Facebook',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; wv) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/458.0.0.42.108;]',
    'Facebook',
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; wv) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36 trill_330104 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/33.1.4 ByteLocale/en BytedanceWebview/d8a21c6',
    'TikTok',
  ],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 TikTok 33.2.0 rv:332015', 'TikTok'],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.5.0',
    'LINE',
  ],
  // Ordinary browsers.
  ['Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', null],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    null,
  ],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0', null],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0 Mobile Safari/537.36',
    null,
  ],
  ['', null],
];

describe('detectInAppBrowser', () => {
  it.each(table)('%s -> %s', (userAgent, app) => {
    expect(detectInAppBrowser(userAgent)).toBe(app);
  });

  it('names the app and offers the e-mail way, below the button on the welcome page', () => {
    expect(inAppBrowserNotice('Instagram', 'welcome')).toBe(
      `Google sign-in may not work inside Instagram's browser. Use "Use another way to sign in" below: we e-mail you a sign-in link and a code.`,
    );
    expect(inAppBrowserNotice('Instagram', 'login')).toBe(
      `Google sign-in may not work inside Instagram's browser. Use "Use another way to sign in" on the welcome page: we e-mail you a sign-in link and a code.`,
    );
  });
});
