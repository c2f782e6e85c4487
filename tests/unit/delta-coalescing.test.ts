import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKLOG_LOAD, CoalescingPolicy, MIN_COALESCING_WINDOW_MS } from '../../worker/jobs/delta-coalescing-policy.ts';
import { DeltaCoalescer, MAX_COALESCED_CHARS } from '../../worker/jobs/delta-coalescer.ts';

/** A clock the test moves by hand. */
function manualClock() {
  const clock = { now: 0, read: () => clock.now };
  return clock;
}

/** Feeds `count` deltas, `gapMs` apart on the clock, to the policy as a busy process's providers would. */
function feed(policy: CoalescingPolicy, clock: { now: number }, count: number, gapMs: number): void {
  for (let index = 0; index < count; index++) {
    clock.now += gapMs;
    policy.noteDelta();
  }
}

describe('the coalescing policy', () => {
  it('sends at once while the process is quiet', () => {
    const clock = manualClock();
    const policy = new CoalescingPolicy({ maxWindowMs: 50, loadDeltasPerSecond: 1_000 }, clock.read);
    feed(policy, clock, 200, 10); // about 100 deltas a second
    expect(policy.deltasPerSecond()).toBeGreaterThan(80);
    expect(policy.deltasPerSecond()).toBeLessThan(120);
    expect(policy.windowMs(5)).toBe(0);
  });

  it('holds from the threshold on, longer as the load grows, never beyond the maximum', () => {
    const clock = manualClock();
    const policy = new CoalescingPolicy({ maxWindowMs: 50, loadDeltasPerSecond: 1_000 }, clock.read);
    feed(policy, clock, 3_000, 0.8); // about 1,250 a second: load 1.25
    const modest = policy.windowMs(1);
    expect(modest).toBeGreaterThanOrEqual(MIN_COALESCING_WINDOW_MS);
    expect(modest).toBeLessThan(50);
    feed(policy, clock, 10_000, 0.1); // about 10,000 a second
    expect(policy.windowMs(1)).toBe(50);
  });

  it('forgets the load once the providers go quiet', () => {
    const clock = manualClock();
    const policy = new CoalescingPolicy({ maxWindowMs: 50, loadDeltasPerSecond: 1_000 }, clock.read);
    feed(policy, clock, 10_000, 0.1);
    expect(policy.windowMs(1)).toBe(50);
    clock.now += 5_000;
    expect(policy.windowMs(1)).toBe(0);
  });

  it('does not hold a run too slow to gather two deltas in the window', () => {
    const clock = manualClock();
    const policy = new CoalescingPolicy({ maxWindowMs: 50, loadDeltasPerSecond: 0 }, clock.read);
    expect(policy.windowMs(20)).toBe(50);
    expect(policy.windowMs(25)).toBe(50);
    expect(policy.windowMs(26)).toBe(0);
    expect(policy.windowMs(200)).toBe(0);
  });

  it('counts a backlog of unanswered appends as load, whatever the rate', () => {
    const clock = manualClock();
    const policy = new CoalescingPolicy({ maxWindowMs: 40, loadDeltasPerSecond: 1_000_000 }, clock.read);
    expect(policy.windowMs(1)).toBe(0);
    policy.backlog = BACKLOG_LOAD;
    expect(policy.windowMs(1)).toBe(MIN_COALESCING_WINDOW_MS);
    policy.backlog = BACKLOG_LOAD * 4;
    expect(policy.windowMs(1)).toBe(40);
  });

  it('never holds when turned off', () => {
    const policy = new CoalescingPolicy({ maxWindowMs: 0, loadDeltasPerSecond: 0 });
    policy.backlog = BACKLOG_LOAD * 10;
    expect(policy.windowMs(1)).toBe(0);
  });
});

describe('a run’s delta coalescer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function coalescer(settings: { maxWindowMs: number; loadDeltasPerSecond: number }) {
    const sent: { text: string; first: boolean }[] = [];
    const policy = new CoalescingPolicy(settings, () => performance.now());
    const deltas = new DeltaCoalescer(policy, async (text, first) => {
      sent.push({ text, first });
    }, () => performance.now());
    return { sent, deltas, policy };
  }

  it('sends the first delta at once, even when loaded', async () => {
    const { sent, deltas } = coalescer({ maxWindowMs: 50, loadDeltasPerSecond: 0 });
    await deltas.push('Hello');
    expect(sent).toEqual([{ text: 'Hello', first: true }]);
  });

  it('gathers later deltas for the window, then sends them as one, in order', async () => {
    const { sent, deltas } = coalescer({ maxWindowMs: 50, loadDeltasPerSecond: 0 });
    await deltas.push('a');
    for (const word of ['b', 'c', 'd']) {
      await vi.advanceTimersByTimeAsync(5);
      await deltas.push(word);
    }
    expect(sent.map((event) => event.text)).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(50);
    expect(sent.map((event) => event.text)).toEqual(['a', 'bcd']);
    await deltas.push('e');
    await deltas.flush();
    expect(sent.map((event) => event.text).join('')).toBe('abcde');
    expect(sent.filter((event) => event.first)).toHaveLength(1);
  });

  it('holds nothing for an empty delta', async () => {
    const { sent, deltas } = coalescer({ maxWindowMs: 50, loadDeltasPerSecond: 0 });
    await deltas.push('a');
    await deltas.push('');
    expect(vi.getTimerCount()).toBe(0);
    await deltas.push('b');
    await vi.advanceTimersByTimeAsync(60);
    expect(sent.map((event) => event.text)).toEqual(['a', 'b']);
  });

  it('lets held text out at once when it reaches the size limit', async () => {
    const { sent, deltas } = coalescer({ maxWindowMs: 50, loadDeltasPerSecond: 0 });
    await deltas.push('first ');
    const piece = 'x'.repeat(MAX_COALESCED_CHARS / 4);
    for (let index = 0; index < 4; index++) {
      await vi.advanceTimersByTimeAsync(1);
      await deltas.push(piece);
    }
    expect(sent.map((event) => event.text)).toEqual(['first ', piece.repeat(4)]);
  });

  it('passes every delta straight through while quiet', async () => {
    const { sent, deltas } = coalescer({ maxWindowMs: 50, loadDeltasPerSecond: 1_000_000 });
    for (const word of ['one ', 'two ', 'three']) {
      await vi.advanceTimersByTimeAsync(5);
      await deltas.push(word);
    }
    expect(sent.map((event) => event.text)).toEqual(['one ', 'two ', 'three']);
  });

  it('sends nothing held once closed, and no timer fires after', async () => {
    const { sent, deltas } = coalescer({ maxWindowMs: 50, loadDeltasPerSecond: 0 });
    await deltas.push('a');
    await vi.advanceTimersByTimeAsync(1);
    await deltas.push('b');
    deltas.close();
    await vi.advanceTimersByTimeAsync(200);
    expect(sent.map((event) => event.text)).toEqual(['a']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('throws a failed send to the next push, and sends nothing after it', async () => {
    const sent: string[] = [];
    const policy = new CoalescingPolicy({ maxWindowMs: 50, loadDeltasPerSecond: 0 });
    let failing = false;
    const deltas = new DeltaCoalescer(policy, async (text) => {
      if (failing) throw new Error('redis is gone');
      sent.push(text);
    });
    await deltas.push('a');
    failing = true;
    await vi.advanceTimersByTimeAsync(1);
    await deltas.push('b');
    await vi.advanceTimersByTimeAsync(60);
    failing = false;
    await expect(deltas.push('c')).rejects.toThrow('redis is gone');
    await expect(deltas.flush()).rejects.toThrow('redis is gone');
    expect(sent).toEqual(['a']);
  });
});
