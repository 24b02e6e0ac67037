// Tests that open no database of the test run: they start the server or the CLI as processes of their own, each on
// the embedded database in a folder of its own, whatever TEST_DB says. `npm run test:server` runs the suite once per
// database side by side, so these would do the same work twice: they run in the PostgreSQL run only (the PGlite run
// is the longer of the two), and in a run without TEST_DB.
export const skipInPgliteRun = process.env.TEST_DB === 'pglite';
