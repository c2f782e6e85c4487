import * as Type from 'typebox/type';

/**
 * Buying credits by card: the offer (`GET /api/payments`), starting a payment (`POST /api/payments`), confirming it
 * (`PUT /api/payments`) and the card processor's notifications (`POST /api/payments/webhook`).
 */

export const PaymentPackage = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    credits: Type.Integer({ minimum: 1 }),
    price: Type.Number({ description: 'In `currency` units, e.g. 20 for $20.00.' }),
    currency: Type.String({ description: 'ISO 4217, lower case (`usd`).' }),
    popular: Type.Boolean(),
    description: Type.String(),
    features: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
export type PaymentPackage = Type.Static<typeof PaymentPackage>;

const PriceTier = Type.Object(
  {
    min: Type.Integer(),
    max: Type.Union([Type.Integer(), Type.Null()], { description: 'Null for the last band.' }),
    pricePerCredit: Type.Number({ description: 'Dollars per credit, applied to every credit of an amount in this band.' }),
    label: Type.String(),
    color: Type.String(),
  },
  { additionalProperties: false },
);

export const DynamicPricing = Type.Object(
  {
    limits: Type.Object(
      {
        minimumCredits: Type.Integer(),
        maximumCredits: Type.Integer(),
        defaultCredits: Type.Integer(),
        stepCredits: Type.Integer(),
        suggestedAmounts: Type.Array(Type.Integer()),
      },
      { additionalProperties: false },
    ),
    slider: Type.Object(
      {
        ranges: Type.Array(
          Type.Object(
            { sliderMin: Type.Number(), sliderMax: Type.Number(), creditMin: Type.Integer(), creditMax: Type.Integer() },
            { additionalProperties: false },
          ),
        ),
        markers: Type.Array(Type.Object({ value: Type.Number(), label: Type.String() }, { additionalProperties: false })),
      },
      { additionalProperties: false },
    ),
    tiers: Type.Array(PriceTier),
    features: Type.Object({ showSavingsCalculation: Type.Boolean() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type DynamicPricing = Type.Static<typeof DynamicPricing>;

export const PaymentOffer = Type.Object(
  {
    packages: Type.Array(PaymentPackage),
    paymentEnabled: Type.Boolean({ description: 'False when card payments are not configured; nothing can be bought.' }),
    dynamicPricingEnabled: Type.Boolean({ description: 'Whether any amount may be bought (the slider), not only packages.' }),
    dynamicPricing: Type.Union([DynamicPricing, Type.Null()]),
    currency: Type.String(),
    publishableKey: Type.Union([Type.String(), Type.Null()], { description: 'The card processor’s public key for the payment form; null when payments are off.' }),
  },
  { additionalProperties: false },
);
export type PaymentOffer = Type.Static<typeof PaymentOffer>;

export const CreatePaymentBody = Type.Object(
  {
    creditAmount: Type.Optional(Type.Integer({ description: 'Any whole number of credits within the limits (the dynamic price).' })),
    packageId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'One of the packages.' })),
  },
  { additionalProperties: false, description: 'Exactly one of `creditAmount` or `packageId`.', examples: [{ creditAmount: 1000 }, { packageId: 'popular' }] },
);
export type CreatePaymentBody = Type.Static<typeof CreatePaymentBody>;

export const PaymentIntentData = Type.Object(
  {
    clientSecret: Type.String({ description: 'Hand to the card processor’s payment form to confirm the card.' }),
    paymentIntentId: Type.String(),
    purchaseId: Type.String({ format: 'uuid' }),
    credits: Type.Integer(),
    amount: Type.Integer({ description: 'The price in the currency’s smallest unit (cents), as the card processor charges it.' }),
    price: Type.Number({ description: 'The same price in currency units (1.81 for 181 cents).' }),
    currency: Type.String(),
  },
  { additionalProperties: false },
);
export type PaymentIntentData = Type.Static<typeof PaymentIntentData>;

export const ConfirmPaymentBody = Type.Object(
  { paymentIntentId: Type.String({ minLength: 1, maxLength: 255, pattern: '^pi_[A-Za-z0-9_]+$' }) },
  { additionalProperties: false, examples: [{ paymentIntentId: 'pi_3Q0example' }] },
);
export type ConfirmPaymentBody = Type.Static<typeof ConfirmPaymentBody>;

export const PaymentConfirmation = Type.Object(
  {
    status: Type.Literal('succeeded'),
    message: Type.String(),
    creditsAdded: Type.Integer(),
    creditsRemaining: Type.Integer(),
    tier: Type.Literal('subscribed'),
  },
  { additionalProperties: false },
);
export type PaymentConfirmation = Type.Static<typeof PaymentConfirmation>;

export const WebhookReceipt = Type.Object(
  { received: Type.Literal(true), duplicate: Type.Boolean({ description: 'True when this event was handled before and was ignored now.' }) },
  { additionalProperties: false },
);
export type WebhookReceipt = Type.Static<typeof WebhookReceipt>;
