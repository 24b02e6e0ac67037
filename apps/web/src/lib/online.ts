// Whether the browser believes it has a connection (navigator.onLine). "Offline" is certain; "online" may still fail
// (lib/connection.ts tells whether the server answers), and the callers handle that too.
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
