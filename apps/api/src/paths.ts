import { fileURLToPath } from 'node:url';

// This module sits one level below the package root both as source (src/paths.ts) and once
// bundled (dist/server.js), so '..' is apps/api in either case.
export const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const MIGRATIONS_DIR = fileURLToPath(new URL('../drizzle', import.meta.url));
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
