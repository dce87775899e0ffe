/**
 * Hydration after the first paint (issues 24 and 27: Lighthouse mobile). React Router's `<Scripts>` writes every
 * first-load module as `<link rel="modulepreload">` (React hoists them into `<head>`) and a module script that imports
 * them: on a slow phone all that JavaScript is fetched before the page paints. The page is rendered whole on the
 * server (links and forms work without it), so the rendered document is rewritten: the preloads are taken out, the
 * module script is kept as inert text (`type="text/x-module"`, same body, so its CSP hash is unchanged), and a small
 * inline script puts the preloads back and runs that module once the page has loaded. The loader data
 * (`window.__reactRouterContext`) stays where it was. The bootstrap carries the render's nonce like the framework's
 * own scripts, so it is allowed by hash (ADR 021); the module it inserts has the same body as the original, whose
 * hash is already allowed.
 */

/** A module preload React Router wrote, matched where its opening text is found (sticky). */
const PRELOAD_OPENING = '<link rel="modulepreload" href="';
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/y;
/** React Router's module script (attributes in any order), with the render's nonce; matched where a `<script` is. */
const MODULE_SCRIPT = /<script(?=[^>]*\stype="module")(?=[^>]*\snonce="([^"]+)")[^>]*>/y;

/** The first match of a sticky `pattern` at an occurrence of `opening` from `from` on (null: none). */
function matchFrom(html: string, opening: string, pattern: RegExp, from: number): RegExpExecArray | null {
  for (let at = html.indexOf(opening, from); at >= 0; at = html.indexOf(opening, at + 1)) {
    pattern.lastIndex = at;
    const match = pattern.exec(html);
    if (match) return match;
  }
  return null;
}

/** How many preloads one task appends: appending one costs Chromium about 0.8 ms of its main thread. */
export const PRELOADS_PER_TASK = 6;

/**
 * The bootstrap: on `load` (or at once if it has passed), the preloads, a few to a task, then, in a task of its own,
 * the entry module. Appended at once, the 25–30 preloads of a page were one task of 20–30 ms on a fast machine (four
 * times that on Lighthouse's phone); the fetches still start within a few milliseconds of each other.
 */
function bootstrap(preloads: string[]): string {
  return `(function(){var p=${JSON.stringify(preloads).replaceAll('<', '\\u003c')},d=document,i=0;function run(){var o=d.getElementById("rr-entry"),s;if(!o)return;s=d.createElement("script");s.type="module";s.textContent=o.textContent;d.body.appendChild(s)}function next(){var f=d.createDocumentFragment(),n,l;for(n=0;n<${PRELOADS_PER_TASK}&&i<p.length;n++,i++){l=d.createElement("link");l.rel="modulepreload";l.href=p[i];f.appendChild(l)}d.head.appendChild(f);setTimeout(i<p.length?next:run,0)}function go(){if(d.getElementById("rr-entry"))next()}if(d.readyState==="complete")setTimeout(go,0);else addEventListener("load",function(){setTimeout(go,0)},{once:true})})()`;
}

/**
 * The document with its hydration scripts deferred past `load`, and `beforeBodyEnd` (more markup of the render, such
 * as the places it wrote) just before `</body>`, ahead of the bootstrap. A document without the module script gets
 * only that; one without `</body>` is returned as it was.
 *
 * Every copy of a ~100 kB page costs a few tenths of a millisecond (a regular expression's replacement, a search in
 * a string made by concatenation), so the tags are found in the page as rendered, by their opening text, and the
 * result is put together once.
 */
export function deferHydration(html: string, beforeBodyEnd = ''): string {
  const end = html.lastIndexOf('</body>');
  if (end < 0) return html;
  /** The page as rendered, with only what the render adds (the hydration left as it was). */
  const unchanged = () => (beforeBodyEnd ? `${html.slice(0, end)}${beforeBodyEnd}${html.slice(end)}` : html);
  const module = matchFrom(html, '<script', MODULE_SCRIPT, 0);
  if (!module) return unchanged();
  const nonce = module[1];
  const preloads: string[] = [];
  const parts: string[] = [];
  let copied = 0;
  const copyTo = (index: number) => {
    parts.push(html.slice(copied, index));
    copied = index;
  };
  const moduleEnd = module.index + module[0].length;
  const inert = `<script type="text/x-module" id="rr-entry" nonce="${nonce}">`;
  let moduleDone = false;
  for (let found = matchFrom(html, PRELOAD_OPENING, PRELOAD, 0); found; ) {
    // The module script is no preload: it lies before, between or after them, never inside one.
    if (!moduleDone && module.index < found.index) {
      copyTo(module.index);
      parts.push(inert);
      copied = moduleEnd;
      moduleDone = true;
    }
    preloads.push(found[1] ?? '');
    copyTo(found.index);
    copied = found.index + found[0].length;
    found = matchFrom(html, PRELOAD_OPENING, PRELOAD, copied);
  }
  if (!moduleDone) {
    copyTo(module.index);
    parts.push(inert);
    copied = moduleEnd;
  }
  // `</body>` follows the module script and the preloads (a page has one, at its end); if not, the hydration stays as rendered.
  if (end < copied) return unchanged();
  copyTo(end);
  parts.push(beforeBodyEnd, `<script nonce="${nonce}">${bootstrap(preloads)}</script>`, html.slice(end));
  return parts.join('');
}
