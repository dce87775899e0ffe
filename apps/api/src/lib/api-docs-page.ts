import type { OpenApiDocument } from '@baan/contract';

type Operation = {
  operationId?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses?: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A schema as indented JSON, its references to components as links to them. */
const schemaBlock = (schema: unknown) =>
  `<pre>${escapeHtml(JSON.stringify(schema, null, 2)).replace(
    /&quot;#\/components\/schemas\/([A-Za-z0-9_]+)&quot;/g,
    '<a href="#schema-$1">&quot;#/components/schemas/$1&quot;</a>',
  )}</pre>`;

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1c2430;background:#f7f8fa}
header,main{max-width:1100px;margin:0 auto;padding:16px 24px}
header{border-bottom:1px solid #dde1e6}
h1{margin:0 0 4px}h2{font-size:1.15em;margin:0 0 8px}h3{font-size:1em;margin:16px 0 4px}
section{background:#fff;border:1px solid #dde1e6;border-radius:8px;padding:16px;margin:16px 0}
pre{background:#f1f3f6;border-radius:6px;padding:8px 12px;overflow:auto;font-size:13px;max-height:420px}
table{border-collapse:collapse;width:100%}td,th{border-top:1px solid #e4e7eb;padding:4px 8px;text-align:left;vertical-align:top}
.method{display:inline-block;min-width:64px;text-align:center;border-radius:4px;color:#fff;font-size:13px;padding:2px 6px;margin-right:8px}
.get{background:#2b6cb0}.post{background:#2f855a}.patch{background:#b7791f}.put{background:#6b46c1}.delete{background:#c53030}
nav ul{columns:2;padding-left:18px}nav a{text-decoration:none}code{font-size:14px}.lock{color:#8a5300}
`;

function operationSection(path: string, method: string, op: Operation): string {
  const id = escapeHtml(op.operationId ?? `${method}-${path}`);
  const parts = [
    `<h2><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span><code>${escapeHtml(path)}</code></h2>`,
  ];
  if (op.security)
    parts.push(`<p class="lock">${escapeHtml(op.description ?? 'Needs a Bearer token (401 without one).')}</p>`);
  if (op.parameters?.length) {
    const rows = op.parameters
      .map(
        (p) =>
          `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'required' : 'optional'}</td><td>${schemaBlock(p.schema)}</td></tr>`,
      )
      .join('');
    parts.push(`<h3>Parameters</h3><table><tr><th>Name</th><th>In</th><th></th><th>Schema</th></tr>${rows}</table>`);
  }
  for (const [type, { schema }] of Object.entries(op.requestBody?.content ?? {})) {
    parts.push(`<h3>Request body: <code>${escapeHtml(type)}</code></h3>${schemaBlock(schema)}`);
  }
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    const content = Object.entries(response.content ?? {});
    parts.push(`<h3>${escapeHtml(status)}: ${escapeHtml(response.description)}</h3>`);
    for (const [type, { schema }] of content)
      parts.push(`<p><code>${escapeHtml(type)}</code></p>${schemaBlock(schema)}`);
  }
  return `<section id="${id}">${parts.join('')}</section>`;
}

/**
 * GET /api/docs: the OpenAPI document as one self-contained page (no script, nothing fetched from
 * elsewhere, so the site's Content-Security-Policy holds): every operation with its parameters,
 * bodies and responses, and the named schemas they refer to, linked.
 */
export function renderApiDocsPage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op: op as Operation })),
  );
  const nav = operations
    .map(
      ({ path, method, op }) =>
        `<li><a href="#${escapeHtml(op.operationId ?? '')}">${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}</a></li>`,
    )
    .join('');
  const schemas = Object.entries(document.components.schemas)
    .map(([name, schema]) => `<h3 id="schema-${escapeHtml(name)}">${escapeHtml(name)}</h3>${schemaBlock(schema)}`)
    .join('');
  const info = document.info as { title: string; version: string; description?: string };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(info.title)} ${escapeHtml(info.version)}</title><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
<p>${escapeHtml(info.description ?? '')} The same, machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p></header>
<main><nav><h2>Operations</h2><ul>${nav}</ul></nav>
${operations.map(({ path, method, op }) => operationSection(path, method, op)).join('\n')}
<section id="schemas"><h2>Schemas</h2>${schemas}</section></main></body></html>`;
}
