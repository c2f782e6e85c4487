import { describe, expect, it } from 'vitest';
import { columnErrorText, timingText } from './column-text.ts';

describe('timingText', () => {
  it('shows time to first token and total duration in seconds with one decimal', () => {
    expect(timingText(400, 2100)).toBe('First token 0.4 s · 2.1 s total');
    expect(timingText(1249, 12_960)).toBe('First token 1.2 s · 13.0 s total');
  });

  it('leaves out what is unknown', () => {
    expect(timingText(null, 900)).toBe('0.9 s total');
    expect(timingText(50, null)).toBe('First token 0.1 s');
    expect(timingText(null, null)).toBeNull();
  });
});

describe('columnErrorText', () => {
  it('shows the model’s own error, or the spec’s fallback when there is none', () => {
    expect(columnErrorText('The model provider is busy right now')).toBe('The model provider is busy right now');
    expect(columnErrorText(null)).toBe('Error: Model request failed');
    expect(columnErrorText('  ')).toBe('Error: Model request failed');
  });
});
