import type { FastifyInstance } from 'fastify';

/**
 * Every registered route under a prefix as "METHOD /path/:param" (HEAD left out), read from
 * Fastify's own route tree: tests that must cover every route find a new one without being told.
 */
export function registeredRoutes(app: FastifyInstance, prefix = '/'): string[] {
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]*)\)/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack
      .join('')
      .replace(/^\/+/, '/')
      .replace(/^([^/])/, '/$1');
    if (!path.startsWith(prefix)) continue;
    for (const method of (match[3] ?? '').split(', ')) if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found.sort();
}
