import { readFileSync } from 'node:fs';
import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';
import { priceInCents, type CreditPriceTier, type CreditSliderRange } from '../../contract/credit-pricing.ts';

/**
 * What can be bought: fixed packages and the dynamic price by amount (its limits, the slider's segments and the
 * five rate bands). Data, not code (`payment-catalogue.json`, or the operator's own file named by
 * PAYMENT_CATALOGUE_FILE), like the model catalogue, so prices change without a release. Validated at start,
 * including that the bands cover every amount from the minimum up without gaps: a bad file stops the process.
 */
const PackageSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$' }),
  name: Type.String({ minLength: 1 }),
  credits: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  price: Type.Number({ exclusiveMinimum: 0 }),
  popular: Type.Boolean(),
  description: Type.String(),
  features: Type.Array(Type.String()),
});

const RangeSchema = Type.Object({ sliderMin: Type.Number(), sliderMax: Type.Number(), creditMin: Type.Integer(), creditMax: Type.Integer() });
const TierSchema = Type.Object({
  min: Type.Integer({ minimum: 1 }),
  max: Type.Union([Type.Integer(), Type.Null()]),
  pricePerCredit: Type.Number({ exclusiveMinimum: 0 }),
  label: Type.String({ minLength: 1 }),
  color: Type.String({ minLength: 1 }),
});

const PaymentCatalogueFileSchema = Type.Object({
  currency: Type.String({ pattern: '^[a-z]{3}$' }),
  packages: Type.Array(PackageSchema),
  dynamicPricing: Type.Object({
    enabled: Type.Boolean(),
    limits: Type.Object({
      minimumCredits: Type.Integer({ minimum: 1 }),
      maximumCredits: Type.Integer({ minimum: 1 }),
      defaultCredits: Type.Integer({ minimum: 1 }),
      stepCredits: Type.Integer({ minimum: 1 }),
      suggestedAmounts: Type.Array(Type.Integer({ minimum: 1 })),
    }),
    slider: Type.Object({
      ranges: Type.Array(RangeSchema, { minItems: 1 }),
      markers: Type.Array(Type.Object({ value: Type.Number(), label: Type.String() })),
    }),
    tiers: Type.Array(TierSchema, { minItems: 1 }),
    features: Type.Object({ showSavingsCalculation: Type.Boolean() }),
  }),
});

export type PaymentCatalogueFile = Static<typeof PaymentCatalogueFileSchema>;
export type CataloguePackage = Static<typeof PackageSchema>;

export interface PaymentCatalogue extends PaymentCatalogueFile {
  /** A package by id, or undefined when there is no such package (any more). */
  packageById(id: string): CataloguePackage | undefined;
  /** The price of `credits` at the dynamic rate, in cents. */
  priceInCents(credits: number): number;
}

export function loadPaymentCatalogue(file: string): PaymentCatalogue {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`PAYMENT_CATALOGUE_FILE ${file} could not be read as JSON: ${(error as Error).message}`);
  }
  if (!Value.Check(PaymentCatalogueFileSchema, parsed)) {
    const first = Value.Errors(PaymentCatalogueFileSchema, parsed)[0];
    throw new Error(`PAYMENT_CATALOGUE_FILE ${file} is invalid at ${first?.instancePath ?? '/'}: ${first?.message ?? 'unknown problem'}`);
  }
  const problem = consistencyProblem(parsed);
  if (problem) throw new Error(`PAYMENT_CATALOGUE_FILE ${file} is inconsistent: ${problem}`);

  const catalogue = parsed;
  const packages = new Map(catalogue.packages.map((pack) => [pack.id, pack]));
  return {
    ...catalogue,
    packageById: (id) => packages.get(id),
    priceInCents: (credits) => priceInCents(credits, catalogue.dynamicPricing.tiers),
  };
}

/** What the schema cannot say: limits in order, package names apart from band names, bands that tile the amounts, slider ranges that tile the slider. */
function consistencyProblem(catalogue: PaymentCatalogueFile): string | undefined {
  const { limits, tiers, slider } = catalogue.dynamicPricing;
  if (!(limits.minimumCredits <= limits.defaultCredits && limits.defaultCredits <= limits.maximumCredits)) {
    return 'limits must satisfy minimumCredits <= defaultCredits <= maximumCredits';
  }
  if (new Set(catalogue.packages.map((pack) => pack.id)).size !== catalogue.packages.length) return 'package ids must be unique';
  // A package called like a band reads as "the band's price", which it is not: the names must tell them apart.
  const bandNames = new Set(tiers.map((tier) => tier.label.toLowerCase()));
  const clash = catalogue.packages.find((pack) => bandNames.has(pack.name.toLowerCase()));
  if (clash) return `package "${clash.name}" must not share its name with a price band`;
  if (tiers[0]!.min > limits.minimumCredits) return 'the first band must start at or below minimumCredits';
  for (const [index, tier] of tiers.entries()) {
    const next: CreditPriceTier | undefined = tiers[index + 1];
    if (!next) {
      if (tier.max !== null && tier.max < limits.maximumCredits) return 'the last band must reach maximumCredits (or have no max)';
    } else if (tier.max === null || next.min !== tier.max + 1) {
      return `band "${next.label}" must start right after band "${tier.label}" ends`;
    }
  }
  const ranges: CreditSliderRange[] = slider.ranges;
  if (ranges[0]!.creditMin !== limits.minimumCredits || ranges.at(-1)!.creditMax !== limits.maximumCredits) {
    return 'the slider ranges must run from minimumCredits to maximumCredits';
  }
  for (const [index, range] of ranges.entries()) {
    if (range.sliderMax <= range.sliderMin || range.creditMax <= range.creditMin) return 'each slider range must grow';
    const next = ranges[index + 1];
    if (next && (next.sliderMin !== range.sliderMax || next.creditMin !== range.creditMax)) return 'slider ranges must follow each other';
  }
  return undefined;
}
