import { ApiError } from '../../api/http-client.ts';

/** Spec sections 5 and 8's texts for the verification page. */
export const VERIFY_EMAIL_TEXTS = {
  invalidLink: 'Invalid verification link. Please check your email and try again.',
  failed: 'Email verification failed. Please try again.',
  unreachable: 'An error occurred during verification. Please try again.',
} as const;

/** Spec section 4: home after 2 s when the server signed the user in, else after 3 s. */
export function redirectDelayMs(signedIn: boolean): number {
  return signedIn ? 2_000 : 3_000;
}

/** The text for a failed verification: the server's reason, or the network's fault in the product's words. */
export function verificationFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return VERIFY_EMAIL_TEXTS.unreachable;
  // No answer from the server at all: say it went wrong on the way, not that the link is bad.
  if (error.status === null) return VERIFY_EMAIL_TEXTS.unreachable;
  return error.message || VERIFY_EMAIL_TEXTS.failed;
}
