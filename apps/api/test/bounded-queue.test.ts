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
