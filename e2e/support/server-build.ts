// The server and the operator CLI the journeys run: the build support/global-setup.ts makes once per run from the
// source under test (apps/server/test/built-server.ts), as `npm start` runs it, named to the workers by variables.
export function serverBuild(): { server: string; ops: string } {
  const server = process.env.E2E_SERVER_JS;
  const ops = process.env.E2E_OPS_JS;
  if (!server || !ops) throw new Error('E2E_SERVER_JS and E2E_OPS_JS are set by e2e/support/global-setup.ts');
  return { server, ops };
}
