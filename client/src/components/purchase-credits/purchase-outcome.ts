import { ApiError } from '../../api/http-client.ts';
import { ALREADY_PROCESSED_PHRASE, PAYMENT_TEXTS } from '../../../../contract/payment-texts.ts';

/** How a confirmation that did not return success ends for the person paying. */
export type ConfirmationOutcome =
  /** The credits are there (this confirmation or an earlier one, or Stripe's webhook, added them). */
  | { kind: 'succeeded' }
  /** The bank has not finished: ask again in a moment. */
  | { kind: 'processing'; message: string }
  | { kind: 'failed'; message: string };

/**
 * Reads a failed `PUT /api/payments`. "Already processed" is a success (the credits arrived another way); a
 * payment still processing invites a retry; anything else after the card was charged says so plainly, because
 * the person needs to know their money went through even though the credits did not show up.
 */
export function confirmationOutcome(error: unknown): ConfirmationOutcome {
  if (error instanceof ApiError) {
    if (error.code === 'PAYMENT_ALREADY_PROCESSED' || error.message.toLowerCase().includes(ALREADY_PROCESSED_PHRASE)) return { kind: 'succeeded' };
    if (error.code === 'PAYMENT_PROCESSING') return { kind: 'processing', message: error.message };
    if (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT_ERROR') return { kind: 'failed', message: PAYMENT_TEXTS.networkConfirm };
    if (error.code === 'PAYMENT_FAILED' || error.code === 'PAYMENT_NOT_FOUND') return { kind: 'failed', message: error.message };
    return { kind: 'failed', message: PAYMENT_TEXTS.creditsNotAdded(error.message) };
  }
  return { kind: 'failed', message: PAYMENT_TEXTS.creditsNotAdded(error instanceof Error ? error.message : 'unknown error') };
}
