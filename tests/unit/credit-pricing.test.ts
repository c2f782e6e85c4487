import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cheaperLargerAmount, creditsAtSliderPosition, priceInCents, priceTierFor, savingsInCents, sliderPositionForCredits } from '../../contract/credit-pricing.ts';
import { loadPaymentCatalogue } from '../../core/payments/payment-catalogue.ts';

const catalogueFile = path.resolve(import.meta.dirname, '../../core/payments/payment-catalogue.json');
const catalogue = loadPaymentCatalogue(catalogueFile);
const { tiers, slider, limits } = catalogue.dynamicPricing;

describe('the price of credits', () => {
  it.each([
    [100, 100],
    [200, 200],
    [201, 181],
    [500, 450],
    [501, 426],
    [1000, 850],
    [2000, 1700],
    [2001, 1601],
    [2500, 2000],
    [10000, 8000],
    [10001, 7501],
    [50000, 37500],
  ])('%i credits cost %i cents: the band’s rate on every credit, rounded half up', (credits, cents) => {
    expect(priceInCents(credits, tiers)).toBe(cents);
  });

  it('names the band an amount falls in, at both edges of each band', () => {
    expect([100, 200, 201, 500, 501, 2000, 2001, 10000, 10001, 50000].map((credits) => priceTierFor(credits, tiers).label)).toEqual([
      'Starter',
      'Starter',
      'Basic',
      'Basic',
      'Standard',
      'Standard',
      'Professional',
      'Professional',
      'Enterprise',
      'Enterprise',
    ]);
  });

  it('finds the larger amount that costs less, only where there is one', () => {
    const cheaper = (credits: number) => cheaperLargerAmount(credits, tiers, limits.stepCredits, limits.maximumCredits);
    expect(cheaper(2000)).toEqual({ credits: 2100, cents: 1680 });
    expect(cheaper(1900)).toBeNull();
    expect(cheaper(9500)).toEqual({ credits: 10100, cents: 7575 });
    expect(cheaper(10000)).toEqual({ credits: 10100, cents: 7575 });
    expect(cheaper(100)).toBeNull();
    expect(cheaper(500)).toBeNull();
    expect(cheaper(2100)).toBeNull();
    expect(cheaper(50000)).toBeNull();
    // Whatever it names is larger, buyable and cheaper.
    for (let credits = limits.minimumCredits; credits <= limits.maximumCredits; credits += limits.stepCredits) {
      const found = cheaper(credits);
      if (!found) continue;
      expect(found.credits).toBeGreaterThan(credits);
      expect(found.credits % limits.stepCredits).toBe(0);
      expect(found.cents).toBeLessThan(priceInCents(credits, tiers));
    }
  });

  it('saves against the first band’s rate, nothing in the first band', () => {
    expect(savingsInCents(150, tiers)).toBe(0);
    expect(savingsInCents(1000, tiers)).toBe(150);
    expect(savingsInCents(50000, tiers)).toBe(12500);
  });

  it('never charges more per credit for a larger amount within a band, and the price is whole cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: limits.minimumCredits, max: limits.maximumCredits - 1 }), (credits) => {
        const price = priceInCents(credits, tiers);
        expect(Number.isInteger(price)).toBe(true);
        if (priceTierFor(credits + 1, tiers) === priceTierFor(credits, tiers)) expect(priceInCents(credits + 1, tiers)).toBeGreaterThanOrEqual(price);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('the purchase slider', () => {
  it('maps its five equal segments onto the bands’ amounts, in steps of 100', () => {
    expect([0, 20, 40, 60, 80, 100].map((position) => creditsAtSliderPosition(position, slider.ranges, limits.stepCredits))).toEqual([100, 200, 500, 2000, 10000, 50000]);
    expect(creditsAtSliderPosition(90, slider.ranges, limits.stepCredits)).toBe(30000);
  });

  it('finds the position of any amount it can show, and back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), (hundreds) => {
        const credits = hundreds * 100;
        expect(creditsAtSliderPosition(sliderPositionForCredits(credits, slider.ranges), slider.ranges, limits.stepCredits)).toBe(credits);
      }),
    );
  });
});

describe('the payment catalogue file', () => {
  it('refuses bands with a gap', () => {
    const broken = JSON.parse(readFileSync(catalogueFile, 'utf8'));
    broken.dynamicPricing.tiers[2].min = 600;
    const file = path.join(process.env.TMPDIR ?? '/tmp', `broken-payment-catalogue-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(broken));
    expect(() => loadPaymentCatalogue(file)).toThrow(/must start right after band "Basic" ends/);
  });

  it('keeps package names apart from band names, and refuses a package named like a band', () => {
    const bandNames = tiers.map((tier) => tier.label.toLowerCase());
    for (const pack of catalogue.packages) expect(bandNames).not.toContain(pack.name.toLowerCase());
    const broken = JSON.parse(readFileSync(catalogueFile, 'utf8'));
    broken.packages[0].name = 'Starter';
    const file = path.join(process.env.TMPDIR ?? '/tmp', `clashing-payment-catalogue-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(broken));
    expect(() => loadPaymentCatalogue(file)).toThrow(/package "Starter" must not share its name with a price band/);
  });
});
