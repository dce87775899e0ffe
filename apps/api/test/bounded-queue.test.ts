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
