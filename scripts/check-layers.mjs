// The layer rules (`npm run lint`, after Biome): every rule of .dependency-cruiser.cjs on the web app, the API and the
// contract, plus one dependency-cruiser cannot say as a rule: no import cycle between FOLDERS (a feature, a service
// folder, a route folder, lib/…), even when no single file imports itself back. ADR 022.
//
//   node scripts/check-layers.mjs            # exit 1 with every violation named
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const ROOTS = ['apps/web/src', 'apps/api/src', 'packages/contract/src'];
const options = await extractDepcruiseOptions(path.resolve('.dependency-cruiser.cjs'));
const tsConfig = extractTSConfig(path.resolve(options.tsConfig.fileName));
const { output } = await cruise(ROOTS, { ...options, validate: true }, undefined, { tsConfig });

let problems = 0;
for (const v of output.summary.violations) {
  problems += 1;
  const via = v.cycle?.length ? `\n      via ${v.cycle.map((c) => c.name ?? c).join(' → ')}` : '';
  const rule = options.ruleSet.forbidden.find((r) => r.name === v.rule.name);
  console.log(`✗ ${v.rule.name}: ${v.from} → ${v.to}${via}\n    ${rule?.comment ?? ''}`);
}

/**
 * The folder a module belongs to, for the cycle check: the first two levels under src/ (features/listings,
 * services/properties, routes/accounts, app/routes, lib/places…), or the level itself for a file directly in lib/ or
 * app/; a file directly under src/ (app.ts, config.ts) counts on its own. Tests are left out: a test may import
 * whatever it exercises.
 */
function folderOf(file) {
  const root = ROOTS.find((r) => file.startsWith(`${r}/`));
  if (!root || /\.test\.tsx?$|\/test\//.test(file)) return null;
  const parts = file
    .slice(root.length + 1)
    .split('/')
    .slice(0, -1);
  // A file directly under src/ (app.ts, config.ts, root.tsx) is a unit of its own: app.ts composes everything.
  const unit = parts.length === 0 ? file.slice(root.length + 1) : parts.slice(0, 2).join('/');
  return `${root.split('/').slice(0, 2).join('/')}:${unit}`;
}

const edges = new Map(); // folder → Map(folder → one example "from → to")
for (const mod of output.modules) {
  const from = folderOf(mod.source);
  if (!from) continue;
  for (const dep of mod.dependencies) {
    const to = folderOf(dep.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, `${mod.source} → ${dep.resolved}`);
  }
}

// Tarjan's strongly connected components: every component of two or more folders is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function visit(node) {
  state.set(node, { index, low: index, onStack: true });
  index += 1;
  stack.push(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!state.has(next)) {
      visit(next);
      state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
    } else if (state.get(next).onStack) {
      state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
    }
  }
  if (state.get(node).low === state.get(node).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const node of edges.keys()) if (!state.has(node)) visit(node);

for (const component of cycles) {
  problems += 1;
  const inside = new Set(component);
  const links = component.flatMap((from) =>
    [...(edges.get(from) ?? [])].filter(([to]) => inside.has(to)).map(([, example]) => example),
  );
  console.log(
    `✗ folder-cycle: ${component.join(', ')} import each other\n` +
      `    Move what they share into a small module of its own that each imports, or pass it in as a parameter.\n` +
      links.map((l) => `      ${l}`).join('\n'),
  );
}

const { totalCruised, totalDependenciesCruised } = output.summary;
if (problems) {
  console.log(`\nlayers: ${problems} problem(s) in ${totalCruised} modules (${totalDependenciesCruised} imports)`);
  process.exit(1);
}
console.log(`layers: ok (${totalCruised} modules, ${totalDependenciesCruised} imports, no folder cycle)`);
