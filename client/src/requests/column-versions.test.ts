import { describe, expect, it } from 'vitest';
import { columnVersionView, pickedVersionIndex, stepVersion } from './column-versions.ts';
import type { RunColumn } from './request-state.ts';

function column(change: Partial<RunColumn> = {}): RunColumn {
  return {
    engine: 'openai',
    model: 'gpt-4o-mini',
    requestId: 'req',
    runId: 'r3',
    attempt: 2,
    phase: 'streaming',
    text: 'Third, still coming',
    sources: [],
    result: null,
    stopping: false,
    earlier: [
      { text: 'First', result: null, phase: 'done' },
      { text: 'Second', result: null, phase: 'stopped' },
    ],
    ...change,
  };
}

describe('which version a column shows', () => {
  it('shows the newest, live answer until the person flips back', () => {
    const view = columnVersionView(column(), null);
    expect(view).toMatchObject({ index: 2, count: 3, shown: { text: 'Third, still coming', phase: 'streaming', earlier: false } });
  });

  it('shows an earlier version with its own text and ending', () => {
    const view = columnVersionView(column(), { attempt: 2, index: 1 });
    expect(view).toMatchObject({ index: 1, count: 3, shown: { text: 'Second', phase: 'stopped', earlier: true } });
  });

  it('forgets a pick made before the model was asked again, so the new answer comes into view', () => {
    expect(pickedVersionIndex(column({ attempt: 3, earlier: [...column().earlier, { text: 'Third', result: null, phase: 'done' }] }), { attempt: 2, index: 0 })).toBe(3);
  });

  it('keeps a pick inside the versions there are', () => {
    expect(pickedVersionIndex(column(), { attempt: 2, index: 9 })).toBe(2);
    expect(pickedVersionIndex(column(), { attempt: 2, index: -4 })).toBe(0);
  });

  it('has one version when the model was never asked again', () => {
    expect(columnVersionView(column({ attempt: 0, earlier: [] }), { attempt: 0, index: 0 })).toMatchObject({ index: 0, count: 1, shown: { earlier: false } });
  });
});

describe('stepping through versions', () => {
  it('moves one back or forward and stops at either end', () => {
    expect(stepVersion(1, -1, 3)).toBe(0);
    expect(stepVersion(1, 1, 3)).toBe(2);
    expect(stepVersion(0, -1, 3)).toBe(0);
    expect(stepVersion(2, 1, 3)).toBe(2);
  });
});
