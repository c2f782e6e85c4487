import type { QuorumConfig } from '../config/index.ts';
import type { PaymentCatalogue } from './payment-catalogue.ts';
import type { PaymentOffer } from '../../contract/payments.ts';

/** `GET /api/payments`'s answer: the catalogue as the purchase dialog needs it, and whether buying works at all. */
export function paymentOffer(catalogue: PaymentCatalogue, payments: QuorumConfig['payments']): PaymentOffer {
  const paymentEnabled = payments.stripeSecretKey !== undefined;
  const { enabled, ...dynamicPricing } = catalogue.dynamicPricing;
  return {
    packages: catalogue.packages.map((pack) => ({ ...pack, currency: catalogue.currency })),
    paymentEnabled,
    dynamicPricingEnabled: enabled,
    dynamicPricing: enabled ? dynamicPricing : null,
    currency: catalogue.currency,
    publishableKey: paymentEnabled ? (payments.stripePublishableKey ?? null) : null,
  };
}
