import type { Config } from '@react-router/dev/config';

/**
 * React Router in framework mode, rendered on the server inside the API's Fastify process (apps/api/src/plugins/web.ts):
 * dist/client holds the browser's files, dist/server/index.js the render.
 */
export default {
  appDirectory: 'src',
  buildDirectory: 'dist',
  ssr: true,
} satisfies Config;
