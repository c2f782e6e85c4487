import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http-client.ts';
import { confirmationOutcome } from './purchase-outcome.ts';

describe('reading a confirmation that did not return success', () => {
  it('treats "already processed" as success, by code or by wording', () => {
    expect(confirmationOutcome(new ApiError('This payment was already processed successfully.', 'PAYMENT_ALREADY_PROCESSED', 409, false))).toEqual({ kind: 'succeeded' });
    expect(confirmationOutcome(new ApiError('Payment already processed successfully', 'HTTP_409', 409, false))).toEqual({ kind: 'succeeded' });
  });

  it('invites a retry while the payment is processing', () => {
    expect(confirmationOutcome(new ApiError('Your payment is still processing. Please wait a moment and try again.', 'PAYMENT_PROCESSING', 409, false))).toEqual({
      kind: 'processing',
      message: 'Your payment is still processing. Please wait a moment and try again.',
    });
  });

  it('says the card was charged but credits were not added when Quorum failed after payment', () => {
    expect(confirmationOutcome(new ApiError('Server error. Please try again later.', 'SERVER_ERROR', 500, true))).toEqual({
      kind: 'failed',
      message: 'Payment succeeded, but failed to add credits: Server error. Please try again later.',
    });
  });

  it('has its own words for a connection that dropped', () => {
    const outcome = confirmationOutcome(new ApiError('Connection failed', 'NETWORK_ERROR', null, true));
    expect(outcome.kind).toBe('failed');
    expect(outcome.kind === 'failed' && outcome.message).toContain('you will not be charged twice');
  });
});
