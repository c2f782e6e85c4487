import { describe, expect, it, vi } from 'vitest';
import { refreshWithRetries } from './refresh-with-retries.ts';

describe('credit refresh retries', () => {
  it('waits 1 s × attempt between tries and gives up after 5, logging only', async () => {
    const waits: number[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const task = vi.fn().mockRejectedValue(new Error('down'));
    const done = await refreshWithRetries(task, { wait: async (ms) => void waits.push(ms) });
    expect(done).toBe(false);
    expect(task).toHaveBeenCalledTimes(5);
    expect(waits).toEqual([1000, 2000, 3000, 4000]);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('stops at the first success', async () => {
    const task = vi.fn().mockRejectedValueOnce(new Error('blip')).mockResolvedValue('ok');
    const waits: number[] = [];
    expect(await refreshWithRetries(task, { wait: async (ms) => void waits.push(ms) })).toBe(true);
    expect(task).toHaveBeenCalledTimes(2);
    expect(waits).toEqual([1000]);
  });
});
