import { describe, expect, it } from 'vitest';
import { ApiError, networkError, timeoutError } from '../../api/http-client.ts';
import { redirectDelayMs, verificationFailureText } from './verification-outcome.ts';

describe('verificationFailureText', () => {
  it("shows the server's reason", () => {
    const expired = new ApiError('This verification link has expired. Please request a new one.', 'VALIDATION_ERROR', 400, false);
    expect(verificationFailureText(expired)).toBe('This verification link has expired. Please request a new one.');
  });

  it('falls back to the product text when the server gave no words', () => {
    expect(verificationFailureText(new ApiError('', 'HTTP_400', 400, false))).toBe('Email verification failed. Please try again.');
  });

  it('blames the way there, not the link, when no answer came', () => {
    expect(verificationFailureText(networkError())).toBe('An error occurred during verification. Please try again.');
    expect(verificationFailureText(timeoutError())).toBe('An error occurred during verification. Please try again.');
    expect(verificationFailureText(new TypeError('boom'))).toBe('An error occurred during verification. Please try again.');
  });
});

describe('redirectDelayMs', () => {
  it('waits 2 s for a signed-in user and 3 s otherwise', () => {
    expect(redirectDelayMs(true)).toBe(2_000);
    expect(redirectDelayMs(false)).toBe(3_000);
  });
});
