// The icon sprite (ADR 033): one <symbol> per icon named in src/components/ui/icons.tsx, drawn from lucide's own
// shapes, written to src/components/ui/icon-sprite.svg (a hashed, cached file in the build). Pages refer to it with
// <use href="…#name"> instead of carrying every icon's paths inline.
// Run after adding or removing an icon: npm run icons -w @baan/web (src/components/ui/icons.test.tsx checks it).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const UI = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/components/ui');
const ICONS = path.join(UI, 'icons.tsx');
export const SPRITE = path.join(UI, 'icon-sprite.svg');

/** The lucide names icons.tsx draws (`spriteIcon('map-pin')`), each once, in order. */
export function iconNames(source = readFileSync(ICONS, 'utf8')) {
  return [...new Set([...source.matchAll(/spriteIcon\('([a-z0-9-]+)'\)/g)].map((m) => m[1]))].sort();
}

const escapeXml = (value) =>
  String(value).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** lucide's shape of one icon: [tag, attributes][] (its React keys left out). */
async function iconNode(name) {
  const path = require.resolve(`lucide-react/icons/${name}`);
  const { __iconData } = await import(path);
  if (__iconData?.name !== name) throw new Error(`lucide-react has no icon "${name}"`);
  return __iconData;
}

/** The sprite's text: a <symbol id="name" viewBox> per icon with lucide's elements. */
export async function iconSprite(names = iconNames()) {
  const symbols = [];
  for (const name of names) {
    const icon = await iconNode(name);
    const size = icon.size ?? 24;
    const children = icon.node
      .map(([tag, attributes, nested]) => {
        if (nested) throw new Error(`icon "${name}": nested elements are not supported`);
        const attrs = Object.entries(attributes)
          .filter(([key]) => key !== 'key')
          .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
          .join('');
        return `<${tag}${attrs}/>`;
      })
      .join('');
    symbols.push(`<symbol id="${name}" viewBox="0 0 ${size} ${size}">${children}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const names = iconNames();
  writeFileSync(SPRITE, await iconSprite(names));
  console.log(`icon-sprite.svg: ${names.length} icons`);
}
