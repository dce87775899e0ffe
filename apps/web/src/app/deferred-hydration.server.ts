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

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
/** React Router's module script (attributes in any order), with the render's nonce. */
const MODULE_SCRIPT = /<script(?=[^>]*\stype="module")(?=[^>]*\snonce="([^"]+)")[^>]*>/;

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

/** The document with its hydration scripts deferred past `load`; a document without them is returned as it was. */
export function deferHydration(html: string): string {
  const module = MODULE_SCRIPT.exec(html);
  if (!module) return html;
  const nonce = module[1];
  const preloads: string[] = [];
  const withoutPreloads = html.replace(PRELOAD, (_, href: string) => {
    preloads.push(href);
    return '';
  });
  const inert = withoutPreloads.replace(MODULE_SCRIPT, `<script type="text/x-module" id="rr-entry" nonce="${nonce}">`);
  const end = inert.lastIndexOf('</body>');
  if (end < 0) return html;
  return `${inert.slice(0, end)}<script nonce="${nonce}">${bootstrap(preloads)}</script>${inert.slice(end)}`;
}
