import { describe, expect, it } from 'vitest';
import type { ModelResult } from '../../../../../contract/model-result.ts';
import { columnCostText, columnStatus } from './column-status.ts';

const result = (change: Partial<ModelResult>) => ({ success: true, creditsUsed: 6, ...change }) as ModelResult;

describe('a column’s status and cost', () => {
  it('names every state in one word', () => {
    expect(['waiting', 'streaming', 'done', 'stopped', 'error'].map((phase) => columnStatus(phase as never).label)).toEqual([
      'Waiting',
      'Streaming',
      'Done',
      'Stopped',
      'Error',
    ]);
  });

  it('says nothing was charged yet while the answer is being written', () => {
    expect(columnCostText({ phase: 'streaming', result: null })).toBeNull();
    expect(columnCostText({ phase: 'waiting', result: null })).toBeNull();
  });

  it('gives a finished answer’s credits, and 0 for a stopped or failed one', () => {
    expect(columnCostText({ phase: 'done', result: result({}) })).toBe('6 credits');
    expect(columnCostText({ phase: 'done', result: result({ creditsUsed: 1 }) })).toBe('1 credit');
    expect(columnCostText({ phase: 'stopped', result: result({ success: false, creditsUsed: 6 }) })).toBe('0 credits');
    expect(columnCostText({ phase: 'error', result: null })).toBe('0 credits');
  });
});
