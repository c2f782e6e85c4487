import { describe, expect, it } from 'vitest';
import { SHARE_EXPIRY_DAYS } from '../../../../contract/shares.ts';
import { DEFAULT_SHARE_END, expiresInDaysOf, passphraseProblem, SHARE_END_CHOICES } from './share-ends.ts';

describe('when a shared link ends', () => {
  it('offers only ends the API accepts, and a month by default, never only when chosen', () => {
    expect(DEFAULT_SHARE_END).not.toBe('never');
    expect(SHARE_END_CHOICES.map((choice) => choice.value)).toContain(DEFAULT_SHARE_END);
    for (const { value } of SHARE_END_CHOICES) {
      const days = expiresInDaysOf(value);
      if (days === 'never') continue;
      expect(days).toBeGreaterThanOrEqual(SHARE_EXPIRY_DAYS.min);
      expect(days).toBeLessThanOrEqual(SHARE_EXPIRY_DAYS.max);
    }
    expect(expiresInDaysOf(DEFAULT_SHARE_END)).toBe(30);
    expect(expiresInDaysOf('never')).toBe('never');
  });

  it('takes no passphrase or one of six characters and more', () => {
    expect(passphraseProblem('')).toBeNull();
    expect(passphraseProblem('short')).toBe('At least 6 characters');
    expect(passphraseProblem('open sesame')).toBeNull();
  });
});
