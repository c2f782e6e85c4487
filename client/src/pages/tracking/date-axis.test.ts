import { describe, expect, it } from 'vitest';
import { dateAxisProps, dayOf, shortDates } from './date-axis.ts';

const DAILY = ['27 Nov, 06:00', '28 Nov, 06:00', '29 Nov, 06:00'];

describe('the dates under a tracking chart', () => {
  it('drop the time on a narrow chart when each run has a day of its own', () => {
    expect(dayOf('29 Nov, 06:00')).toBe('29 Nov');
    expect(shortDates(DAILY, 330)).toBe(true);
    expect(dateAxisProps(DAILY, 330).tickFormatter('29 Nov, 06:00')).toBe('29 Nov');
  });

  it('keep the time on a wide chart, and when two runs share a day', () => {
    expect(shortDates(DAILY, 900)).toBe(false);
    expect(shortDates([...DAILY, '29 Nov, 18:00'], 330)).toBe(false);
    expect(dateAxisProps(DAILY, 900).tickFormatter('29 Nov, 06:00')).toBe('29 Nov, 06:00');
    // Not measured yet: as written.
    expect(shortDates(DAILY, 0)).toBe(false);
  });
});
