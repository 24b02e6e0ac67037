// PGlite takes no lock of its own: two processes opening one data folder corrupt it. The server and the
// operator CLI therefore hold a pid file while they have the folder open.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DatabaseInUseError extends Error {}

export function lockDataDir(dataPath: string): () => void {
  const file = path.join(dataPath, 'quackquest.pid');
  for (let tries = 0; tries < 2; tries++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DatabaseInUseError(
          `The embedded database in ${path.dirname(dataPath)} is in use by process ${holder} (a running server?). ` +
            'Stop it first, or set DATABASE_URL so several processes share one PostgreSQL.',
        );
      }
      // Left behind by a process that is gone (a crash): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock ${dataPath}.`);
}

/** The live process holding the data folder (the server, or another command), if any. */
export function dataDirHolder(dataPath: string): number | undefined {
  let holder: number;
  try {
    holder = Number(readFileSync(path.join(dataPath, 'quackquest.pid'), 'utf8'));
  } catch {
    return undefined;
  }
  return holder && holder !== process.pid && isAlive(holder) ? holder : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
