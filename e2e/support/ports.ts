// Loopback ports of the end-to-end stack, shared by the setup and the tests. Fixed by default; two runs on
// one machine at once need their own (E2E_APP_PORT, E2E_CONTROL_PORT), or the second one's stack collides.
export const APP_PORT = Number(process.env.E2E_APP_PORT) || 4173;
export const CONTROL_PORT = Number(process.env.E2E_CONTROL_PORT) || 4174;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const CONTROL_URL = `http://127.0.0.1:${CONTROL_PORT}`;
/** The servers journeys start of their own (support/own-server.ts): the thirteen ports after the control port. */
export const OWN_PORTS = {
  pglite: CONTROL_PORT + 1,
  campaign: CONTROL_PORT + 2,
  foodFestival: CONTROL_PORT + 3,
  reviews: CONTROL_PORT + 4,
  reviewPhotos: CONTROL_PORT + 5,
  outage: CONTROL_PORT + 6,
  reviewCrew: CONTROL_PORT + 7,
  stock: CONTROL_PORT + 8,
  vetting: CONTROL_PORT + 9,
  announcements: CONTROL_PORT + 10,
  shipLink: CONTROL_PORT + 11,
  wheel: CONTROL_PORT + 12,
  kiosk: CONTROL_PORT + 13,
};

/**
 * The browsers of the journeys, Debian's packages (decision 069): the headless shell, Chromium's engine without the
 * desktop browser around it, for the journeys, and the full Chromium where one needs what only it has (notifications
 * from a push, a fake camera). CHROMIUM_HEADLESS_SHELL_PATH and CHROMIUM_PATH point elsewhere.
 */
export const browserPaths = {
  shell: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
  full: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
};

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-gpu',
  // No host but this machine resolves: a request meant for the internet fails at once, and the journey sees it.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];
