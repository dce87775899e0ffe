import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

const Answer = z.object({ total: z.number().int().min(0) });

describe('lazySchema: a response schema loaded with the first answer', () => {
  it('loads the schema once, on the first check, and answers as the schema does', async () => {
    const load = vi.fn(async () => Answer);
    const schema = lazySchema(load);
    expect(load).not.toHaveBeenCalled();
    expect(await schema['~standard'].validate({ total: 3 })).toEqual({ value: { total: 3 } });
    const refused = await schema['~standard'].validate({ total: -1 });
    expect(refused.issues?.[0]?.path).toEqual(['total']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a chunk that cannot be fetched fails that check, and the next one tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Answer);
    const schema = lazySchema(load);
    await expect(schema['~standard'].validate({ total: 1 })).rejects.toThrow('offline');
    expect(await schema['~standard'].validate({ total: 1 })).toEqual({ value: { total: 1 } });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
