import { describe, expect, it } from 'vitest';
import { formatRequestDate } from './request-dates.ts';

const inLondon = { locale: 'en-GB', timeZone: 'UTC' };

describe('formatRequestDate', () => {
  it('shows date and time in the given locale and zone', () => {
    expect(formatRequestDate('2025-03-01T14:05:09.000Z', inLondon)).toBe('1 Mar 2025, 14:05');
  });

  it('adds the seconds when asked, so close repeats differ', () => {
    expect(formatRequestDate('2025-03-01T14:05:09.000Z', { ...inLondon, withSeconds: true })).toBe('1 Mar 2025, 14:05:09');
  });

  it('shows a dash for a missing or unparseable moment', () => {
    expect(formatRequestDate(null)).toBe('—');
    expect(formatRequestDate('not a date')).toBe('—');
  });
});
