// What bench/evening.ts and its visitors' process (bench/evening-visitors.ts) say to each other.

/** The calls of one visitor, in order; 'e-mail arrives' is the time from the request to the e-mail's arrival. */
export const CALLS = [
  'POST /api/auth/email-link',
  'e-mail arrives',
  'POST /api/auth/email-link/verify',
  'POST /api/auth (sign-up)',
  'GET /api/checkpoints',
  'POST /api/checkpoints/:id/attempts',
  'POST /api/spin',
  'GET /api/leaderboard',
  'GET /api/me',
  'GET /api/inventory',
  'POST /api/claims',
] as const;
export type CallName = (typeof CALLS)[number];

export interface StepRequest {
  type: 'step';
  url: string;
  /** New visitors per second (Poisson arrivals). */
  rate: number;
  seconds: number;
  /** A visitor still busy this long after the last arrival counts as failed. */
  graceSeconds: number;
  /** Where this step's visitors start in the address space and e-mail names (unique over the whole run). */
  firstVisitor: number;
  checkpoint: { slug: string; qr: string };
  reward: { item: string; price: number };
  /** Run one visitor at a time instead (warm-up); `rate` and `seconds` are ignored. */
  sequential?: number;
  /**
   * Against the trivial server of bench/evening-floor-server.ts: the same calls, but no e-mail is sent, so the
   * visitors do not wait for one (the link's token is its constant answer's).
   */
  floor?: boolean;
}

export interface CallStats {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface StepResult {
  type: 'result';
  /** Visitors who arrived (all of them start; maxStartLagMs says how late). */
  planned: number;
  completed: number;
  failed: number;
  unfinished: number;
  /** Up to five distinct failures, to explain the count. */
  failures: string[];
  claims: number;
  calls: Partial<Record<CallName, CallStats>>;
  /** From the first arrival to the last visitor's end. */
  wallSeconds: number;
  /** The latest an arrival started after its planned moment (the generator's own lag), ms. */
  maxStartLagMs: number;
  generatorCpuMs: number;
}
