// Summarises a V8 CPU profile written by `npm run bench -- --profile`: where the server's time went.
// Usage: tsx bench/profile-summary.ts FILE.cpuprofile [--top N]
// Prints self time by package (node_modules/<name>, the project's own files, node: internals, the garbage
// collector, idle) and the functions with the most self and total (self + callees) time.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The package a script belongs to: "fastify", "(project) apps/server/src/…", "node:internal", "(program)"… */
export function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  const at = url.search(/\/(apps|packages|bench)\//);
  return at >= 0 ? `(project) ${url.slice(at + 1).replace(/^file:\/\//, '')}` : path.basename(url);
}

function main() {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('usage: tsx bench/profile-summary.ts FILE.cpuprofile [--top N]');
    process.exit(2);
  }
  const topIndex = args.indexOf('--top');
  const top = topIndex >= 0 ? Number(args[topIndex + 1]) : 25;
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const totalUs = profile.endTime - profile.startTime;

  const key = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${packageOf(n.callFrame.url, n.callFrame.functionName)}:${n.callFrame.lineNumber + 1}`;
  const byPackage = new Map<string, number>();
  const selfByFn = new Map<string, number>();
  const totalByFn = new Map<string, number>();
  // Total time: each node's self time counted once for every distinct function on its stack.
  const walk = (id: number, stack: Set<string>) => {
    const node = byId.get(id)!;
    const k = key(node);
    const self = selfUs.get(id) ?? 0;
    const pkg = packageOf(node.callFrame.url, node.callFrame.functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + self);
    selfByFn.set(k, (selfByFn.get(k) ?? 0) + self);
    const added = !stack.has(k);
    if (added) stack.add(k);
    let subtree = self;
    for (const child of node.children ?? []) subtree += walk(child, stack);
    if (added) {
      stack.delete(k);
      totalByFn.set(k, (totalByFn.get(k) ?? 0) + subtree);
    }
    return subtree;
  };
  walk(profile.nodes[0]!.id, new Set());

  const pct = (us: number) => `${((100 * us) / totalUs).toFixed(1).padStart(5)}%`;
  const print = (title: string, map: Map<string, number>, n: number) => {
    console.log(`\n${title}`);
    for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${pct(us)}  ${k}`);
  };
  console.log(`${file}: ${(totalUs / 1e6).toFixed(1)} s, ${profile.samples.length} samples`);
  print('Self time by package', byPackage, top);
  print('Self time by function', selfByFn, top);
  print('Total time by function (self + callees)', totalByFn, top);
}

main();
