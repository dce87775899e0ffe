// Proof that every layer rule bites (`npm run test:layers`, a step of `npm test`): one file is planted for each rule of .dependency-cruiser.cjs
// and for the folder-cycle check, in folders that did not exist (so the rules cover new code by themselves), then
// scripts/check-layers.mjs must fail naming each plant under its rule. The plants are removed afterwards.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const WEB = 'apps/web/src';
const API = 'apps/api/src';
const TAG = `zz-plant-${process.pid}`;

/** [rule, planted file, its text]: each imports what its rule forbids. */
const PLANTS = [
  ['web-feature-to-other-feature', `${WEB}/features/${TAG}-a/a.ts`, "export * from '../listings/lib/format';\n"],
  ['web-feature-to-app', `${WEB}/features/${TAG}-b/b.ts`, "export * from '../../app/route-ids';\n"],
  ['web-shared-to-features-or-app', `${WEB}/lib/${TAG}-c.ts`, "export * from '../features/listings/lib/format';\n"],
  ['web-components-to-session', `${WEB}/components/${TAG}-d.ts`, "export * from '../session/compare';\n"],
  ['web-route-to-route', `${WEB}/app/routes/${TAG}-e.ts`, "export * from './home';\n"],
  [
    'api-service-to-plugin-route-or-seed',
    `${API}/services/${TAG}-f/f.ts`,
    "export * from '../../plugins/app/page-services.ts';\n",
  ],
  ['api-lib-to-app-code', `${API}/lib/${TAG}-g.ts`, "export * from '../config.ts';\n"],
  ['api-route-to-other-route', `${API}/routes/${TAG}-h/h.ts`, "export { default } from '../seo/index.ts';\n"],
  ['api-route-to-plugin', `${API}/routes/${TAG}-i/i.ts`, "export * from '../../plugins/app/page-services.ts';\n"],
  ['api-infra-plugin-to-app', `${API}/plugins/infra/${TAG}-p.ts`, "export * from '../app/page-services.ts';\n"],
  ['contract-is-pure', `packages/contract/src/${TAG}-j.ts`, "export * from '../../../apps/api/src/lib/envelope.ts';\n"],
  // Two files that import each other, and two new service folders that do so through different files.
  ['no-circular', `${API}/lib/${TAG}-k1.ts`, `import './${TAG}-k2.ts';\nexport const k1 = 1;\n`],
  [null, `${API}/lib/${TAG}-k2.ts`, `import './${TAG}-k1.ts';\nexport const k2 = 2;\n`],
  ['folder-cycle', `${API}/services/${TAG}-m/m1.ts`, `export * from '../${TAG}-n/n2.ts';\nexport const m1 = 1;\n`],
  [null, `${API}/services/${TAG}-m/m2.ts`, 'export const m2 = 2;\n'],
  [null, `${API}/services/${TAG}-n/n1.ts`, `export * from '../${TAG}-m/m2.ts';\nexport const n1 = 1;\n`],
  [null, `${API}/services/${TAG}-n/n2.ts`, 'export const n2 = 2;\n'],
];

/** Rules about one existing file get a line appended to it for the run: [rule, file, line]. */
const APPENDED = [
  ['api-config-to-app-code', `${API}/config.ts`, "export * as zzPlant from './services/jobs/queue.ts';\n"],
];

function checkLayers() {
  try {
    return { code: 0, out: execFileSync(process.execPath, ['scripts/check-layers.mjs'], { encoding: 'utf8' }) };
  } catch (error) {
    return { code: error.status, out: String(error.stdout) };
  }
}

/**
 * Removes what a run killed before its cleanup left behind (plants of any process, appended lines): a plant in the work
 * tree would fail the next lint and could be committed by mistake.
 */
function sweepOldPlants() {
  const folders = new Set(PLANTS.map(([, file]) => path.dirname(file).replace(/\/zz-plant-[^/]*$/, '')));
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    for (const entry of readdirSync(folder)) {
      if (entry.startsWith('zz-plant-')) rmSync(path.join(folder, entry), { recursive: true, force: true });
    }
  }
  for (const [, file, line] of APPENDED) {
    const text = readFileSync(file, 'utf8');
    if (text.includes(line)) writeFileSync(file, text.split(line).join(''));
  }
}

test('the layer check fails for a plant of each rule, naming the plant, and passes again without them', () => {
  sweepOldPlants();
  const made = [];
  const kept = new Map();
  // Ctrl-C or a CI timeout during the run still puts the tree back (SIGKILL cannot be caught: the next run sweeps).
  const onSignal = (signal) => {
    restore();
    process.kill(process.pid, signal);
  };
  const restore = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    for (const [file, text] of kept) writeFileSync(file, text);
    for (const file of made) rmSync(file, { force: true });
    for (const file of made) {
      const dir = path.dirname(file);
      if (dir.includes(TAG)) rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    for (const [, file, line] of APPENDED) {
      kept.set(file, readFileSync(file, 'utf8'));
      writeFileSync(file, kept.get(file) + line);
    }
    for (const [, file, text] of PLANTS) {
      assert.equal(existsSync(file), false, `${file} already exists`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
      made.push(file);
    }
    const { code, out } = checkLayers();
    assert.equal(code, 1, out);
    const lines = out.split('\n');
    for (const [rule, file] of PLANTS) {
      if (!rule) continue;
      const named =
        lines.some((line) => line.startsWith(`✗ ${rule}:`) && line.includes(TAG)) ||
        (rule === 'folder-cycle' &&
          lines.some((line) => line.startsWith('✗ folder-cycle:') && line.includes(`${TAG}-m`)));
      assert.ok(named, `${rule} did not name its plant ${file}:\n${out}`);
    }
    for (const [rule, file] of APPENDED) {
      assert.ok(
        lines.some((line) => line.startsWith(`✗ ${rule}: ${file}`)),
        `${rule} did not name ${file}:\n${out}`,
      );
    }
  } finally {
    restore();
  }
  const clean = checkLayers();
  assert.equal(clean.code, 0, clean.out);
});
