import { describe, expect, it } from 'vitest';
import { isKnownPushService } from './push-services';

const services = ['https://fcm.googleapis.com', 'https://*.push.apple.com', 'http://127.0.0.1:4999'];

describe('a subscription is sent to only where PUSH_SERVICES says', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://web.push.apple.com/QGx', true],
    ['http://127.0.0.1:4999/push/1', true],
    // Not the listed origin: another port, scheme or host, a look-alike, or a suffix without its dot.
    ['https://fcm.googleapis.com:8443/fcm/send/abc', false],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://fcm.googleapis.com.evil.example/x', false],
    ['https://evilpush.apple.com/x', false],
    ['https://push.apple.com/x', false],
    ['http://127.0.0.1:5432/', false],
    ['http://169.254.169.254/latest/meta-data', false],
    ['https://user:pw@fcm.googleapis.com/fcm/send/abc', false],
    ['not a url', false],
  ])('%s: %s', (endpoint, known) => {
    expect(isKnownPushService(endpoint, services)).toBe(known);
  });
});
