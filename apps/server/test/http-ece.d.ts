// http_ece (the web-push library's own encryption, RFC 8188 and 8291) has no types: the one call the test push
// service makes.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string | Buffer },
  ): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
