import { describe, expect, it } from 'vitest';
import { confirmsAddress, deletionLoss } from './deletion-cost-text.ts';

describe('deletionLoss', () => {
  it('says the balance, and nothing about money when no credits were bought', () => {
    expect(deletionLoss({ balance: 150, paid: [] })).toEqual({ balance: 'You lose your balance of 150 credits.', paid: null });
    expect(deletionLoss({ balance: 1, paid: [] }).balance).toBe('You lose your balance of 1 credit.');
  });

  it('says what was paid for the credits bought, in every currency', () => {
    expect(deletionLoss({ balance: 1250, paid: [{ currency: 'usd', amountCents: 950, credits: 1100 }] })).toEqual({
      balance: 'You lose your balance of 1,250 credits.',
      paid: 'You paid $9.50 for the 1,100 credits you bought; none of it is refunded.',
    });
    expect(
      deletionLoss({
        balance: 40,
        paid: [
          { currency: 'usd', amountCents: 100, credits: 100 },
          { currency: 'eur', amountCents: 250, credits: 200 },
        ],
      }).paid,
    ).toBe('You paid $1.00 and 2.50 EUR for the 300 credits you bought; none of it is refunded.');
  });
});

describe('confirmsAddress', () => {
  it('matches the account’s address as typed, blanks around it and capitals aside', () => {
    expect(confirmsAddress(' Ada@Example.com ', 'ada@example.com')).toBe(true);
    expect(confirmsAddress('ada@example.co', 'ada@example.com')).toBe(false);
    expect(confirmsAddress('', 'ada@example.com')).toBe(false);
  });
});
