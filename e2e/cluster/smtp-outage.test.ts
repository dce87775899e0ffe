// Mail through durable jobs on two nodes (issue 13, "SMTP outage"): the SMTP server is down while
// people sign up and write to support through both nodes, and node A is killed with SIGKILL in the
// middle of it. Once the server is back, every mail queued meanwhile arrives exactly once, and no job
// is left waiting or dead. Retries are tuned shorter than the defaults (2 s doubling to 15 s) so the
// test ends soon after SMTP returns.
//
// How long SMTP stays down comes from SMTP_OUTAGE_SECONDS: 20 s in `npm test` (long enough for every
// mail to fail, node A to die and come back, and each job to be retried and fail again), minutes in a
// nightly-style run (`SMTP_OUTAGE_SECONDS=120 npm run test:cluster`), where retries back off to their cap.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/api.ts';
import {
  type ApiNode,
  type ClusterServices,
  clusterEnv,
  restartNode,
  startNode,
  startServices,
  startSmtp,
  stopAll,
  waitUntil,
} from './harness.ts';

const OUTAGE_SECONDS = Number(process.env.SMTP_OUTAGE_SECONDS || 20);
if (!Number.isFinite(OUTAGE_SECONDS) || OUTAGE_SECONDS < 1)
  throw new Error('SMTP_OUTAGE_SECONDS must be a positive number');
const OUTAGE_MS = OUTAGE_SECONDS * 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(node: ApiNode, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${node.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; message?: string } };
}

describe(`SMTP down for ${OUTAGE_SECONDS} s, two nodes, one of them killed`, () => {
  let services: ClusterServices;
  const nodes: ApiNode[] = [];

  beforeAll(async () => {
    services = await startServices({ replica: false });
    const env = clusterEnv(services, {
      JOBS_RETRY_BASE_MS: '2000',
      JOBS_RETRY_MAX_MS: '15000',
      JOBS_POLL_MS: '500',
      SUPPORT_EMAIL: 'support@cluster.example',
    });
    nodes.push(await startNode({ name: 'A', env }), await startNode({ name: 'B', env }));
  });

  afterAll(async () => {
    await stopAll(nodes, services);
  });

  /** Mail jobs by state, read from the shared database. */
  async function mailJobs() {
    const rows = await services.postgres.query<{ state: string; n: number; failed: number }>(
      `select state, count(*)::int as n, count(*) filter (where last_error is not null)::int as failed
         from jobs where kind = 'mail.send' group by state`,
    );
    return Object.fromEntries(rows.map((r) => [r.state, { n: r.n, failed: r.failed }]));
  }

  it(
    'delivers every mail queued during the outage once it is back, none twice, through a kill -9',
    async () => {
      const port = services.smtp.port;
      await services.smtp.stop();
      const outageStarted = Date.now();

      // Sign-ups (a code mail each) and contact messages (a mail to support each), alternating nodes.
      const signUps = Array.from({ length: 10 }, (_, i) => `outage${i}@cluster.example`);
      for (const [i, email] of signUps.entries()) {
        const node = nodes[i % 2] as ApiNode;
        const res = await post(
          node,
          '/api/register',
          { name: `Outage ${i}`, email, password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true },
          // Distinct client addresses (the test stands in for the load balancer), so no per-IP limit applies.
          { 'x-forwarded-for': `10.0.0.${i + 1}` },
        );
        expect(res.status, `sign-up ${email} on ${node.name}`).toBe(201);
      }
      for (const [i, node] of nodes.entries()) {
        const res = await post(
          node,
          '/api/contact-us',
          {
            name: `Visitor ${node.name}`,
            email: `visitor${i}@cluster.example`,
            subject: `Viewing request through node ${node.name}`,
            message: 'Could I see the condo on Saturday morning?',
          },
          { 'x-forwarded-for': `10.0.1.${i + 1}` },
        );
        expect(res.status, `contact through ${node.name}`).toBe(201);
      }
      const expected = signUps.length + nodes.length;

      // Every mail was tried and failed; none is lost or given up.
      await waitUntil(
        'every mail tried once and waiting for a retry',
        async () => {
          const jobs = await mailJobs();
          return (jobs.queued?.failed ?? 0) + (jobs.running?.n ?? 0) === expected && !jobs.done;
        },
        20_000,
      );

      // Node A dies without warning in the middle of the outage, and comes back.
      const a = nodes[0] as ApiNode;
      await a.kill('SIGKILL');
      nodes[0] = await restartNode(a);

      await sleep(Math.max(0, OUTAGE_MS - (Date.now() - outageStarted)));
      // The outage lasts its length and, on a loaded machine whose retries come late, until every mail was retried.
      const fewestTries = async () =>
        (
          await services.postgres.query<{ fewest: number }>(
            `select min(attempts)::int as fewest from jobs where kind = 'mail.send'`,
          )
        )[0]?.fewest ?? 0;
      await waitUntil('every mail retried while SMTP is down', async () => (await fewestTries()) >= 2, 60_000);
      const during = await mailJobs();
      expect(during.done, 'nothing delivered while SMTP was down').toBeUndefined();
      expect(during.dead, 'nothing given up during the outage').toBeUndefined();
      // The retries ran while SMTP stayed down, and failed again: every mail was tried at least twice.
      expect(await fewestTries(), 'each mail retried during the outage').toBeGreaterThanOrEqual(2);
      expect(services.smtp.mails).toHaveLength(0);

      // SMTP is back on the same address.
      services.smtp = await startSmtp(port);
      const back = Date.now();
      await waitUntil(
        'every queued mail delivered',
        () =>
          signUps.every((email) => services.smtp.to(email).length > 0) &&
          services.smtp.to('support@cluster.example').length >= nodes.length,
        45_000,
      );
      console.log(`smtp outage: ${expected} mails delivered ${Date.now() - back} ms after SMTP came back`);

      // Time for a duplicate to show up, if any node were going to send one.
      await sleep(5_000);
      for (const email of signUps) expect(services.smtp.to(email), email).toHaveLength(1);
      expect(services.smtp.to('support@cluster.example')).toHaveLength(nodes.length);
      expect(services.smtp.mails).toHaveLength(expected);
      const after = await mailJobs();
      expect(after).toEqual({ done: { n: expected, failed: 0 } });
    },
    OUTAGE_MS + 120_000,
  );
});
