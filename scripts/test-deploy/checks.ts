// The checks of `npm run test:deploy` and its steps, each timed and counted for the summary.

export interface StepRecord {
  name: string;
  ms: number;
  checks: number;
}
/** Every step passed, in order. */
export const steps: StepRecord[] = [];
/** Checks passed and steps failed so far. */
export const tally = { checks: 0, failed: 0 };

export function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${what}`);
  tally.checks += 1;
}

export async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const at = Date.now();
  const before = tally.checks;
  try {
    const result = await work();
    steps.push({ name, ms: Date.now() - at, checks: tally.checks - before });
    console.log(`  ok  ${name} (${Date.now() - at} ms)`);
    return result;
  } catch (error) {
    tally.failed += 1;
    console.log(`  FAIL ${name}: ${(error as Error).message}`);
    throw error;
  }
}
