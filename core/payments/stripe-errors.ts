import Stripe from 'stripe';
import { AppError } from '../errors/index.ts';

/**
 * What a failed call to Stripe means for the person paying. Stripe out of reach, overloaded, or refusing our key
 * is our outage ("temporarily unavailable", the details go to the log); an intent Stripe does not know is a
 * payment we have no record of.
 */
export function paymentErrorFromStripe(error: unknown): AppError {
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
    return new AppError('PAYMENT_NOT_FOUND', undefined, { cause: error });
  }
  if (error instanceof Stripe.errors.StripeCardError) {
    return new AppError('PAYMENT_FAILED', error.message || undefined, { cause: error });
  }
  return new AppError('PAYMENT_UNAVAILABLE', undefined, { cause: error });
}
