/**
 * Payments: buying credits with Stripe and settling them from webhooks.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { loadPaymentCatalogue, type PaymentCatalogue } from './payment-catalogue.ts';
export { paymentOffer } from './payment-offer.ts';
export { confirmPurchase, startPurchase } from './purchase-flow.ts';
export { createStripeClient } from './stripe-client.ts';
export { handleStripeEvent } from './stripe-events.ts';
