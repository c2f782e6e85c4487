import type { CreatePaymentBody, PaymentConfirmation, PaymentIntentData, PaymentOffer } from '../../../contract/payments.ts';
import { apiCall } from './http-client.ts';

export type { CreatePaymentBody, PaymentConfirmation, PaymentIntentData, PaymentOffer };

/** What the purchase dialog falls back to when the offer cannot be loaded: no packages, payments off. */
export const NO_PAYMENT_OFFER: PaymentOffer = {
  packages: [],
  paymentEnabled: false,
  dynamicPricingEnabled: false,
  dynamicPricing: null,
  currency: 'usd',
  publishableKey: null,
};

/** `GET /api/payments`. A failure is logged and read as "payments off", as the dialog then shows. */
export async function fetchPaymentOffer(signal?: AbortSignal): Promise<PaymentOffer> {
  try {
    return await apiCall<PaymentOffer>('/api/payments', { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Payment packages could not be loaded', error);
    return NO_PAYMENT_OFFER;
  }
}

/** One cached offer for the pricing page and the purchase dialog, so opening the dialog from the page asks no more. */
export const paymentOfferQuery = {
  queryKey: ['payment-offer'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchPaymentOffer(signal),
  staleTime: 60_000,
};

/** `POST /api/payments`: the server prices the purchase and returns the card form's client secret. */
export const startPayment = (body: CreatePaymentBody) => apiCall<PaymentIntentData>('/api/payments', { method: 'POST', body, preferServerMessage: true });

/** `PUT /api/payments`: after the card step; the server checks with Stripe and adds the credits once. */
export const confirmPayment = (paymentIntentId: string) =>
  apiCall<PaymentConfirmation>('/api/payments', { method: 'PUT', body: { paymentIntentId }, preferServerMessage: true });
