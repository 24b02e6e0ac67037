// The Idempotency-Key header's one format, for answers (decision 036) and claims (decision 007) alike.
import { invalid } from './errors';

const FORMAT = /^[\w-]{8,100}$/;

/** The key as sent, or a refusal naming the format. */
export function requireIdempotencyKey(key: string): string {
  if (!FORMAT.test(key)) throw invalid('The Idempotency-Key header must be 8 to 100 letters, digits, "-" or "_".');
  return key;
}
