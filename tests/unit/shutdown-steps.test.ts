import { describe, expect, it } from 'vitest';
import { ShutdownSteps } from '../../core/process/shutdown-steps.ts';

/** A logger that keeps what was warned. */
function warnings() {
  const said: { fields: Record<string, unknown>; message: string }[] = [];
  return { said, logger: { warn: (fields: Record<string, unknown>, message: string) => void said.push({ fields, message }) } };
}

describe('a shutdown run in named steps', () => {
  it('says which step is running, and nothing once it has ended', async () => {
    const { logger } = warnings();
    const steps = new ShutdownSteps(logger as never, 'worker');
    let release!: () => void;
    const running = steps.run('answer workers', () => new Promise<void>((resolve) => (release = resolve)));
    expect(steps.current()).toMatch(/^answer workers \(\d+ ms\)$/);
    release();
    await running;
    expect(steps.current()).toBeUndefined();
  });

  it('logs a step that is still running after a while, by name, and stops once it ends', async () => {
    const { said, logger } = warnings();
    const steps = new ShutdownSteps(logger as never, 'server', 20);
    let release!: () => void;
    const running = steps.run('database pool', () => new Promise<void>((resolve) => (release = resolve)));
    await expect.poll(() => said.length).toBeGreaterThan(0);
    expect(said[0]).toMatchObject({ fields: { step: 'database pool' }, message: 'server is still shutting down: database pool' });
    release();
    await running;
    const afterEnd = said.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(said.length).toBe(afterEnd);
  });

  it('passes on what a step returns, and what it throws, and is free for the next step either way', async () => {
    const steps = new ShutdownSteps(warnings().logger as never, 'worker');
    expect(await steps.run('a value', () => 42)).toBe(42);
    await expect(steps.run('a failure', () => Promise.reject(new Error('pool already closed')))).rejects.toThrow('pool already closed');
    expect(steps.current()).toBeUndefined();
  });
});
