// The server itself refuses to listen beyond loopback in development (decision 018).
import { describe, expect, it } from 'vitest';
import { startServerUntilExit as startServer } from '../../test/start-server';
import { skipInPgliteRun } from '../../test/once';

describe.skipIf(skipInPgliteRun)('npm start with NODE_ENV unset', () => {
  it('refuses HOST=0.0.0.0 before opening anything, naming the variables', async () => {
    const { code, stderr } = await startServer({ HOST: '0.0.0.0' });
    expect(code).toBe(1);
    expect(stderr).toContain('HOST: 0.0.0.0 is reachable from other machines');
    expect(stderr).toContain('ALLOW_REMOTE_DEV=1');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
