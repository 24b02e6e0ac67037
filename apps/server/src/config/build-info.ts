// Which build an instance runs (issue 31 part 3): in /healthz and as qq_build_info, so a deployer sees at once
// whether every instance was upgraded. The commit comes from BUILD_COMMIT when the deployer's pipeline sets it, else
// from the built bundle (scripts/build-server.ts writes it in), else from the checkout's git, else "unknown".
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../paths';

declare const __BUILD_COMMIT__: string | undefined;

export interface BuildInfo {
  version: string;
  commit: string;
}

let known: BuildInfo | undefined;

/** `fromEnv`: the BUILD_COMMIT setting. */
export function buildInfo(fromEnv: string | undefined): BuildInfo {
  known ??= {
    version: (JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as { version: string }).version,
    commit: fromEnv ?? (typeof __BUILD_COMMIT__ === 'string' ? __BUILD_COMMIT__ : gitCommit()),
  };
  return known;
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: serverRoot, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}
