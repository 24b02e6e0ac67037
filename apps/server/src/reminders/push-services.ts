// Which addresses a browser's push subscription may name (decision 064): the server POSTs to the endpoint a visitor
// sends it, so only to the push services PUSH_SERVICES lists, never to an address of the server's own network.

/**
 * True when the endpoint's origin is one of the services: `https://fcm.googleapis.com` exactly, or
 * `https://*.push.apple.com` for any subdomain. Plain http only where a service is listed with it (a test's
 * local push service on loopback).
 */
export function isKnownPushService(endpoint: string, services: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return services.some((service) => {
    const wildcard = service.match(/^(https?):\/\/\*\.(.+)$/);
    if (wildcard) {
      const [, protocol, suffix] = wildcard;
      return url.protocol === `${protocol}:` && url.port === '' && url.hostname.endsWith(`.${suffix}`);
    }
    try {
      return new URL(service).origin === url.origin;
    } catch {
      return false;
    }
  });
}
