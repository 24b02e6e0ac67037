// How the tests run the built server and CLI (built-server.ts, e2e/support/own-server.ts).
/**
 * Node's flags for them. `--liftoff-only`: V8 compiles the embedded database's WebAssembly with its baseline compiler
 * alone, as these processes live seconds, not an evening; optimising it again in each of them cost 1.5-2 s of CPU a
 * process for nothing (decision 086). It changes how fast the WebAssembly runs, not what it does.
 */
export const TEST_NODE_FLAGS = ['--liftoff-only', '--enable-source-maps'];
