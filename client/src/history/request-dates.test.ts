import { describe, expect, it } from 'vitest';
import { formatRequestDate } from './request-dates.ts';

describe('formatRequestDate', () => {
  it('shows date and time in the given locale and zone', () => {
    expect(formatRequestDate('2025-03-01T14:05:00.000Z', 'en-GB', 'UTC')).toBe('1 Mar 2025, 14:05');
  });

  it('shows a dash for a missing or unparseable moment', () => {
    expect(formatRequestDate(null)).toBe('—');
    expect(formatRequestDate('not a date')).toBe('—');
  });
});
