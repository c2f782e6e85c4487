import { describe, expect, it } from 'vitest';
import { createTextBatcher } from './text-batcher.ts';
import { manualScheduler } from './manual-frame-scheduler.ts';

describe('createTextBatcher', () => {
  it('delivers everything appended during a frame as one piece, requesting one frame', () => {
    const scheduler = manualScheduler();
    const delivered: string[] = [];
    const batcher = createTextBatcher((text) => delivered.push(text), scheduler);

    batcher.append('Hel');
    batcher.append('lo');
    batcher.append(', ');
    expect(scheduler.pendingFrames()).toBe(1);
    expect(delivered).toEqual([]);

    scheduler.runFrame();
    expect(delivered).toEqual(['Hello, ']);

    batcher.append('world');
    scheduler.runFrame();
    expect(delivered).toEqual(['Hello, ', 'world']);
  });

  it('requests no frame for empty text or when nothing is pending', () => {
    const scheduler = manualScheduler();
    const delivered: string[] = [];
    const batcher = createTextBatcher((text) => delivered.push(text), scheduler);

    batcher.append('');
    batcher.flush();
    expect(scheduler.pendingFrames()).toBe(0);
    expect(delivered).toEqual([]);
  });

  it('flushes at once on demand and cancels the frame it no longer needs', () => {
    const scheduler = manualScheduler();
    const delivered: string[] = [];
    const batcher = createTextBatcher((text) => delivered.push(text), scheduler);

    batcher.append('partial');
    batcher.flush();
    expect(delivered).toEqual(['partial']);
    expect(scheduler.pendingFrames()).toBe(0);
  });

  it('discards pending text without delivering it', () => {
    const scheduler = manualScheduler();
    const delivered: string[] = [];
    const batcher = createTextBatcher((text) => delivered.push(text), scheduler);

    batcher.append('stale');
    batcher.discard();
    scheduler.runFrame();
    batcher.flush();
    expect(delivered).toEqual([]);
  });
});
