import { describe, expect, it } from 'vitest';
import { createSharedFrame } from './shared-frame.ts';
import { createTextBatcher } from './text-batcher.ts';
import { manualScheduler } from './manual-frame-scheduler.ts';

describe('createSharedFrame', () => {
  it('runs every batcher that has text in one frame callback, in the order they asked', () => {
    const frames = manualScheduler();
    const shared = createSharedFrame(frames);
    const delivered: string[] = [];
    const batchers = ['a', 'b', 'c'].map((column) => createTextBatcher((text) => delivered.push(`${column}:${text}`), shared));

    batchers[0]!.append('one ');
    batchers[1]!.append('two ');
    batchers[0]!.append('more');
    batchers[2]!.append('three');
    expect(frames.pendingFrames()).toBe(1);

    frames.runFrame();
    expect(delivered).toEqual(['a:one more', 'b:two ', 'c:three']);
    expect(frames.pendingFrames()).toBe(0);
  });

  it('asks for a new frame for text that arrives after one has run', () => {
    const frames = manualScheduler();
    const shared = createSharedFrame(frames);
    const delivered: string[] = [];
    const batcher = createTextBatcher((text) => delivered.push(text), shared);

    batcher.append('first');
    frames.runFrame();
    batcher.append('second');
    expect(frames.pendingFrames()).toBe(1);
    frames.runFrame();
    expect(delivered).toEqual(['first', 'second']);
  });

  it('gives the frame back once nothing is waiting for it, and skips callbacks cancelled meanwhile', () => {
    const frames = manualScheduler();
    const shared = createSharedFrame(frames);
    const delivered: string[] = [];
    const kept = createTextBatcher((text) => delivered.push(`kept:${text}`), shared);
    const dropped = createTextBatcher((text) => delivered.push(`dropped:${text}`), shared);

    dropped.append('gone');
    dropped.discard();
    expect(frames.pendingFrames()).toBe(0);

    kept.append('stays');
    dropped.append('gone again');
    dropped.flush();
    frames.runFrame();
    expect(delivered).toEqual(['dropped:gone again', 'kept:stays']);
  });
});
