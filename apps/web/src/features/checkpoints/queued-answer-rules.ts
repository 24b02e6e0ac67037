// Which failures keep an answer made offline for a later try (decision 036): no answer from the server (status 0),
// the server failing (5xx), a timeout (408), too many requests (429), and a session the app must renew (401). Any
// other refusal is the server's verdict on the answer itself: it is told to the visitor and leaves the queue.
export function keepsForLater(status: number): boolean {
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}
