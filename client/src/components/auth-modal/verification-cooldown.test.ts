import { describe, expect, it } from 'vitest';
import { attemptsText, formatCountdown, RESEND_COOLDOWN_MS, secondsUntil } from './verification-cooldown.ts';

describe('formatCountdown', () => {
  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [61, '1:01'],
    [60, '1:00'],
    [59, '0:59'],
    [9, '0:09'],
    [0, '0:00'],
    [-3, '0:00'],
    [600, '10:00'],
  ])('%d s → %s', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown);
  });
});

describe('secondsUntil', () => {
  const now = 1_000_000;

  it('starts at the full five minutes', () => {
    expect(secondsUntil(now + RESEND_COOLDOWN_MS, now)).toBe(300);
  });

  it('rounds part of a second up, so 0:00 shows only when the wait is over', () => {
    expect(secondsUntil(now + 1, now)).toBe(1);
    expect(secondsUntil(now + 59_001, now)).toBe(60);
    expect(secondsUntil(now, now)).toBe(0);
    expect(secondsUntil(now - 5_000, now)).toBe(0);
  });

  it('has nothing to wait for without a deadline', () => {
    expect(secondsUntil(null, now)).toBe(0);
  });
});

describe('attemptsText', () => {
  it('uses singular and plural', () => {
    expect(attemptsText(2)).toBe('2 resend attempts remaining');
    expect(attemptsText(1)).toBe('1 resend attempt remaining');
    expect(attemptsText(0)).toBe('No resend attempts remaining');
  });
});
