import { describe, expect, it } from 'vitest';
import { roundPrice } from './arena-price.ts';

describe('the price of an arena round', () => {
  it('adds up the models picked by hand', () => {
    expect(roundPrice([2, 6, 12], { picked: [6, 12] })).toMatchObject({ low: 18, high: 18, text: 'This round costs 18 credits' });
    expect(roundPrice([2, 6], { picked: [] }).text).toBe('Pick models to see the price');
  });

  it('gives a surprise round the range from the cheapest to the dearest draw', () => {
    expect(roundPrice([12, 2, 6, 3], { surprise: 2 })).toMatchObject({ low: 5, high: 18, text: 'This round costs 5 to 18 credits, depending on the models drawn' });
    expect(roundPrice([4, 4, 4], { surprise: 2 })).toMatchObject({ low: 8, high: 8, text: 'This round costs 8 credits' });
  });
});
