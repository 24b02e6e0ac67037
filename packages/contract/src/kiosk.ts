// Rotating venue codes (decision 083): a kiosk at a booth shows a QR code that changes every period, worked out
// like a TOTP code (RFC 6238, HMAC-SHA-1, 8 digits) from a key only that kiosk and the server hold. The kiosk
// needs no signal to go on showing valid codes; the server accepts the current window and the one before, so a
// photographed code stops working within two periods.
//
// The QR holds "QQK1.<kiosk id>.<code>": the kiosk id says whose key to check the code with, the code the window.
import { Secret, TOTP } from 'otpauth';

/** What every rotating code starts with; the 1 is the procedure's version. */
export const KIOSK_CODE_PREFIX = 'QQK1';
export const KIOSK_CODE_DIGITS = 8;

/** A new kiosk key: 20 random bytes in base32, as TOTP keys are written. */
export function newKioskKey(): string {
  return new Secret({ size: 20 }).base32;
}

/** The window a time falls in: whole periods since 1970. */
export function kioskWindow(atMs: number, periodSec: number): number {
  return Math.floor(atMs / 1000 / periodSec);
}

/** The code a kiosk shows at a time. */
export function kioskCode(key: string, periodSec: number, atMs: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(key),
    algorithm: 'SHA1',
    digits: KIOSK_CODE_DIGITS,
    period: periodSec,
    timestamp: atMs,
  });
}

/** The text of the kiosk's QR code at a time. */
export function kioskCodeText(kioskId: number, key: string, periodSec: number, atMs: number): string {
  return `${KIOSK_CODE_PREFIX}.${kioskId}.${kioskCode(key, periodSec, atMs)}`;
}

/** The kiosk a scanned text names, when it has the shape of a rotating code. */
export function kioskIdOf(text: string): number | null {
  const match = /^QQK1\.(\d{1,9})\.\d{8}$/.exec(text.trim());
  return match ? Number(match[1]) : null;
}

/** Milliseconds until a kiosk's code changes. */
export function msUntilNextCode(periodSec: number, atMs: number): number {
  return periodSec * 1000 - (atMs % (periodSec * 1000));
}
