import { describe, expect, it } from 'vitest';
import { createBoundedQueue, QueueFullError } from '../src/lib/bounded-queue.ts';

/** A task that runs until the test lets it finish. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { task: () => done, finish };
}

describe('createBoundedQueue', () => {
  it('runs at most `concurrency` tasks, in arrival order, and refuses beyond the waiting line', async () => {
    const queue = createBoundedQueue({ concurrency: 1, maxWaiting: 2 });
    const order: string[] = [];
    const first = held();
    const a = queue.run(async () => {
      order.push('a');
      await first.task();
    });
    const b = queue.run(async () => {
      order.push('b');
    });
    const c = queue.run(async () => {
      order.push('c');
    });
    expect([queue.running, queue.waiting]).toEqual([1, 2]);
    await expect(queue.run(async () => order.push('d'))).rejects.toBeInstanceOf(QueueFullError);
    first.finish();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('hands a freed slot to the next in line, so a newcomer never runs beside it', async () => {
    const queue = createBoundedQueue({ concurrency: 1, maxWaiting: 5 });
    let inside = 0;
    let most = 0;
    const step = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await new Promise((r) => setTimeout(r, 2));
      inside -= 1;
    };
    const runs = [queue.run(step), queue.run(step)];
    // Arrives while the first task finishes: it must queue behind the waiting one, not slip in.
    setTimeout(() => runs.push(queue.run(step)), 1);
    await new Promise((r) => setTimeout(r, 20));
    await Promise.all(runs);
    expect(most).toBe(1);
  });

  it('frees the slot when a task fails, and passes the failure to its caller', async () => {
    const queue = createBoundedQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 42)).resolves.toBe(42);
  });

  it('estimates Retry-After from the recent task time and the line ahead', async () => {
    const queue = createBoundedQueue({ concurrency: 1, maxWaiting: 1 });
    await queue.run(() => new Promise((r) => setTimeout(r, 600)));
    const running = held();
    const waiting = held();
    const runs = [queue.run(running.task), queue.run(waiting.task)];
    const refusal = await queue.run(async () => 0).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(QueueFullError);
    // Two tasks ahead at ~0.6 s each (more if the machine is busy): 1.2 s, rounded up.
    expect((refusal as QueueFullError).retryAfterSeconds).toBeGreaterThanOrEqual(2);
    expect((refusal as QueueFullError).retryAfterSeconds).toBeLessThanOrEqual(4);
    running.finish();
    waiting.finish();
    await Promise.all(runs);
  });
});

describe('createBoundedQueue with tickets (the password line, ADR 019)', () => {
  const ticket = (network: string, account: string, preferred = false) => ({
    keys: [`net:${network}`, `acct:${account}`],
    preferred,
  });

  it('keeps one waiting task per network and per account; others of theirs are refused at once', async () => {
    const queue = createBoundedQueue({ concurrency: 1, maxWaiting: 8 });
    const running = held();
    const runs = [queue.run(running.task), queue.run(async () => 'a', ticket('n1', 'x@a'))];
    // The same network for another account, and the same account from another network: refused.
    await expect(queue.run(async () => 'b', ticket('n1', 'y@a'))).rejects.toBeInstanceOf(QueueFullError);
    await expect(queue.run(async () => 'c', ticket('n2', 'x@a'))).rejects.toBeInstanceOf(QueueFullError);
    // Anyone else still waits, and so does the first client once its task has started.
    runs.push(queue.run(async () => 'd', ticket('n3', 'z@a')));
    expect(queue.waiting).toBe(2);
    running.finish();
    expect(await Promise.all(runs)).toEqual([undefined, 'a', 'd']);
  });

  it('puts a preferred task ahead of the others, and when the line is full drops the newest other one', async () => {
    const queue = createBoundedQueue({ concurrency: 1, maxWaiting: 3 });
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      return name;
    };
    const running = held();
    const first = queue.run(running.task);
    const others = ['o1', 'o2', 'o3'].map((name) => queue.run(job(name), ticket(name, `${name}@a`)));
    // Full: a newcomer that is not preferred is refused; a preferred one takes o3's place.
    await expect(queue.run(job('late'), ticket('late', 'late@a'))).rejects.toBeInstanceOf(QueueFullError);
    const owner = queue.run(job('owner'), ticket('home', 'owner@a', true));
    await expect(others[2]).rejects.toBeInstanceOf(QueueFullError);
    expect(queue.waiting).toBe(3);
    running.finish();
    await first;
    expect(await owner).toBe('owner');
    expect(await Promise.all(others.slice(0, 2))).toEqual(['o1', 'o2']);
    expect(order).toEqual(['owner', 'o1', 'o2']);
  });

  it('lets a preferred task replace another waiting task of its account, never a preferred one', async () => {
    const queue = createBoundedQueue({ concurrency: 1, maxWaiting: 8 });
    const running = held();
    const first = queue.run(running.task);
    // An attacker's guess for the owner's account waits; the owner from home takes its place.
    const guess = queue.run(async () => 'guess', ticket('attacker', 'owner@a'));
    const owner = queue.run(async () => 'owner', ticket('home', 'owner@a', true));
    await expect(guess).rejects.toBeInstanceOf(QueueFullError);
    // A second preferred task of the same account waits for none: refused.
    await expect(queue.run(async () => 'again', ticket('office', 'owner@a', true))).rejects.toBeInstanceOf(
      QueueFullError,
    );
    running.finish();
    await first;
    expect(await owner).toBe('owner');
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses a preferred task when every waiting place is preferred', async () => {
    const queue = createBoundedQueue({ concurrency: 1, maxWaiting: 1 });
    const running = held();
    const runs = [queue.run(running.task), queue.run(async () => 'p1', ticket('n1', 'a@a', true))];
    await expect(queue.run(async () => 'p2', ticket('n2', 'b@a', true))).rejects.toBeInstanceOf(QueueFullError);
    running.finish();
    expect(await Promise.all(runs)).toEqual([undefined, 'p1']);
  });
});

/** A task that stays running until `finish()` is called, recording when it started. */
function gate(log: string[], name: string) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createBoundedQueue without a waiting limit (the photo queue)', () => {
  it('runs at most `concurrency` tasks at once and starts the others in arrival order as slots free up', async () => {
    const queue = createBoundedQueue({ concurrency: 2, maxWaiting: Number.POSITIVE_INFINITY });
    const log: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(log, name));
    const results = gates.map((g) => queue.run(g.task));
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);

    gates[1]?.finish();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    expect([queue.running, queue.waiting]).toEqual([2, 1]);

    gates[0]?.finish();
    gates[2]?.finish();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d']);
    gates[3]?.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('never has more running than its limit under a burst, and a failing task frees its slot', async () => {
    const queue = createBoundedQueue({ concurrency: 3, maxWaiting: Number.POSITIVE_INFINITY });
    let running = 0;
    let most = 0;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        queue.run(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, i % 3));
          running -= 1;
          if (i % 5 === 0) throw new Error(`task ${i} failed`);
          return i;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(8);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(32);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses a concurrency below one', () => {
    expect(() => createBoundedQueue({ concurrency: 0, maxWaiting: 1 })).toThrow(/positive integer/);
  });
});
