// A folder of campaign packs for a journey with a server of its own (support/own-server.ts): the demo and its base
// as the repository has them, and `demo-next`, the demo based on `next-base`, a copy of the base that `edit` changes.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** `edit` is given next-base's folder; the answer is the packs folder, to remove when done. */
export function writeDemoPacks(edit: (base: string) => void): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'quackquest-e2e-packs-'));
  cpSync(path.join(root, 'campaigns/singapore-2025'), path.join(folder, 'singapore-2025'), { recursive: true });
  cpSync(path.join(root, 'campaigns/demo'), path.join(folder, 'demo'), { recursive: true });
  const base = path.join(folder, 'next-base');
  cpSync(path.join(root, 'campaigns/singapore-2025'), base, { recursive: true });
  edit(base);
  const demo = readFileSync(path.join(folder, 'demo', 'campaign.yaml'), 'utf8');
  cpSync(path.join(folder, 'demo'), path.join(folder, 'demo-next'), { recursive: true });
  writeFileSync(
    path.join(folder, 'demo-next', 'campaign.yaml'),
    demo.replace('basedOn: ../singapore-2025', 'basedOn: ../next-base'),
  );
  return folder;
}
