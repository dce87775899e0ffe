// `npm start`: the one-command demo. Serves the built app on PGlite with demo data, the built-in
// test card processor and the demo PromptPay ID (both labelled in the checkout), and sign-up codes
// in the log. It is not a production start: NODE_ENV=production turns every one of those off.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const env = { ...process.env };
env.SEED_DEMO ??= '1';
const server = fileURLToPath(new URL('../apps/api/bin/baan.js', import.meta.url));
const child = spawn(process.execPath, [server], { stdio: ['inherit', 'pipe', 'inherit'], env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// The server writes JSON log lines; pass them through, and once it listens say in one plain line
// where to go and how to log in as the admin.
const port = env.PORT || '3000';
const url = env.PUBLIC_URL || `http://localhost:${port}`;
let admin = env.ADMIN_EMAIL ? `${env.ADMIN_EMAIL} (password: ADMIN_PASSWORD)` : null;
let announced = false;
createInterface({ input: child.stdout }).on('line', (line) => {
  process.stdout.write(`${line}\n`);
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return;
  }
  if (entry.demoPassword && entry.email) admin = `${entry.email} / ${entry.demoPassword}`;
  if (!announced && typeof entry.msg === 'string' && entry.msg.startsWith('Server listening')) {
    announced = true;
    const production = env.NODE_ENV === 'production';
    const mode = production
      ? ''
      : ' Demo mode: payments are simulated (no money moves) and e-mail codes are in this log.';
    process.stdout.write(`\nBaan is ready: open ${url}${admin ? ` (admin: ${admin})` : ''}.${mode}\n\n`);
  }
});
