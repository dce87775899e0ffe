import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { preparedTemplates, prepareTemplates } from './templates.ts';

/**
 * Gives every e2e server of the run its starting data folders (support/templates.ts). `npm test` makes them earlier,
 * beside the unit step, and passes them in BAAN_E2E_TEMPLATES; a run on its own makes them here and removes them after.
 */
export default async function setup() {
  if (preparedTemplates()) return undefined;
  const root = mkdtempSync(path.join(tmpdir(), 'baan-e2e-templates-'));
  process.env.BAAN_E2E_TEMPLATES = JSON.stringify(await prepareTemplates(root));
  return () => rmSync(root, { recursive: true, force: true });
}
