// `npm start`: serve the built app on PGlite with demo data, unless told otherwise.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const env = { ...process.env };
env.SEED_DEMO ??= '1';
env.NODE_ENV ??= 'production';
const server = fileURLToPath(new URL('../apps/api/bin/baan.js', import.meta.url));
const child = spawn(process.execPath, [server], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
