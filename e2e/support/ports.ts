// Loopback ports of the end-to-end stack, shared by the setup and the tests. Fixed by default; two runs on
// one machine at once need their own (E2E_APP_PORT, E2E_CONTROL_PORT), or the second one's stack collides.
export const APP_PORT = Number(process.env.E2E_APP_PORT) || 4173;
export const CONTROL_PORT = Number(process.env.E2E_CONTROL_PORT) || 4174;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const CONTROL_URL = `http://127.0.0.1:${CONTROL_PORT}`;
/** The servers journeys start of their own (support/own-server.ts): the seven ports after the control port. */
export const OWN_PORTS = {
  pglite: CONTROL_PORT + 1,
  campaign: CONTROL_PORT + 2,
  foodFestival: CONTROL_PORT + 3,
  reviews: CONTROL_PORT + 4,
  reviewPhotos: CONTROL_PORT + 5,
  outage: CONTROL_PORT + 6,
  reviewCrew: CONTROL_PORT + 7,
};

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-gpu',
];
