import { describe, expect, it } from 'vitest';
import { createTaskQueue } from '../src/lib/task-queue.ts';

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

describe('createTaskQueue', () => {
  it('runs at most `concurrency` tasks at once and starts the others in arrival order as slots free up', async () => {
    const queue = createTaskQueue(2);
    const log: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(log, name));
    const results = gates.map((g) => queue.run(g.task));
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    expect([queue.active, queue.waiting]).toEqual([2, 2]);

    gates[1]?.finish();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    expect([queue.active, queue.waiting]).toEqual([2, 1]);

    gates[0]?.finish();
    gates[2]?.finish();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d']);
    gates[3]?.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('never has more running than its limit under a burst, and a failing task frees its slot', async () => {
    const queue = createTaskQueue(3);
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
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses a concurrency below one', () => {
    expect(() => createTaskQueue(0)).toThrow(/positive integer/);
  });
});
