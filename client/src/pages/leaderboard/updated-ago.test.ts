import { describe, expect, it } from 'vitest';
import { updatedAgo } from './updated-ago.ts';

describe('updatedAgo', () => {
  it('says how long ago the board was fitted, in minutes, hours or days', () => {
    const at = '2026-11-27T10:00:00.000Z';
    const after = (ms: number) => updatedAgo(at, Date.parse(at) + ms);
    expect(after(20_000)).toBe('Updated just now');
    expect(after(60_000)).toBe('Updated 1 minute ago');
    expect(after(59 * 60_000)).toBe('Updated 59 minutes ago');
    expect(after(60 * 60_000)).toBe('Updated 1 hour ago');
    expect(after(3 * 86_400_000)).toBe('Updated 3 days ago');
  });
});
