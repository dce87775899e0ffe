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

/** The bootstrap: on `load` (or at once if it has passed), the preloads (appended at once, as one fragment), then the entry module. */
function bootstrap(preloads: string[]): string {
  return `(function(){var p=${JSON.stringify(preloads).replaceAll('<', '\\u003c')};function go(){var d=document,o=d.getElementById("rr-entry"),f,i,l,s;if(!o)return;f=d.createDocumentFragment();for(i=0;i<p.length;i++){l=d.createElement("link");l.rel="modulepreload";l.href=p[i];f.appendChild(l)}d.head.appendChild(f);s=d.createElement("script");s.type="module";s.textContent=o.textContent;d.body.appendChild(s)}if(document.readyState==="complete")setTimeout(go,0);else addEventListener("load",function(){setTimeout(go,0)},{once:true})})()`;
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
