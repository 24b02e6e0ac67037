// deploy/nginx.conf as this machine runs it (issue 26 part 6: one home for the topology test's nginx and the evening
// bench's): compose's names replaced by loopback addresses, so nothing is resolved again (Debian's nginx predates
// `resolve`, 1.27.3), and Docker's resolver dropped. Every replaced line must still be in the file: a change there
// fails here, by name, rather than testing another proxy than the one deployed.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Site {
  /** The repository's root. */
  root: string;
  /** Where nginx listens, e.g. `127.0.0.1:4313` or `127.0.0.1:4313 backlog=4096`. */
  listen: string;
  /** The instances' ports, in place of app1 and app2 (one port: that instance alone). */
  instances: number[];
  /** The photo store's port, in place of compose's Garage; none: a closed port (a bench without photos). */
  store?: number;
}

export function nginxSite({ root, listen, instances, store }: Site): string {
  let site = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const replace = (from: string, to: string) => {
    if (!site.includes(from))
      throw new Error(`deploy/nginx.conf no longer contains "${from}": update apps/server/test/nginx-site.ts`);
    site = site.replace(from, to);
  };
  const app = (name: string) => `  server ${name}:3000 resolve max_fails=1 fail_timeout=5s;\n`;
  replace(
    app('app1') + app('app2'),
    instances.map((port) => `  server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;\n`).join(''),
  );
  replace('server store:3900 resolve;', `server 127.0.0.1:${store ?? 1};`);
  replace('resolver 127.0.0.11 valid=10s ipv6=off;', '');
  replace('listen 80;', `listen ${listen};`);
  return site;
}
