// Where the server package's own files are (migrations, the built web app), found from this module's location so
// the same code works run from source (tsx, apps/server/src/...) and from the build (apps/server/dist/*.js).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function serverPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@quackquest/server') {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('The server package (apps/server/package.json) was not found above the server code.');
    dir = parent;
  }
}

/** apps/server. */
export const serverRoot = serverPackageRoot();

/** apps/server/drizzle: the SQL migrations. */
export const migrationsFolder = path.join(serverRoot, 'drizzle');
/** apps/web/dist: the built web app, unless WEB_DIST says otherwise. */
export const defaultWebDist = path.join(serverRoot, '..', 'web', 'dist');
