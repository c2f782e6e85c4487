/**
 * The words of buying credits, shared by the server's refusals and the purchase dialog. Plain constants, so the
 * client can import them at no cost.
 */

/** The refusals and outcomes of a purchase, in the words the dialog shows. */
export const PAYMENT_TEXTS = {
  minimum: (minimum: number) => `Minimum credit amount is ${minimum}`,
  maximum: (maximum: number) => `Maximum credit amount is ${maximum}`,
  selectAtLeast: (minimum: number) => `Select at least ${minimum} credits`,
  selectAtMost: (maximum: number) => `The maximum is ${maximum.toLocaleString('en-US')} credits`,
  chooseOne: 'Choose either an amount of credits or a package.',
  customUnavailable: 'Custom credit amounts are not available right now. Please choose a package, or contact support for a custom amount.',
  unavailable: 'Payment processing is temporarily unavailable. Please try again later.',
  packageGone: 'The selected package is no longer available.',
  signInRequired: 'Please sign in to buy credits.',
  alreadyProcessed: 'This payment was already processed successfully. Refresh the page to see your credits.',
  notFound: 'Payment record not found. If you were charged, please contact support.',
  processing: 'Your payment is still processing. Please wait a moment and try again.',
  failed: 'Payment failed',
  creditsNotAdded: (message: string) => `Payment succeeded, but failed to add credits: ${message}`,
  succeeded: (credits: number) => `Payment successful! ${credits.toLocaleString('en-US')} credits have been added to your account.`,
  networkCreate: 'Could not reach Quorum to start the payment. Check your connection and try again.',
  networkConfirm: 'Your card was charged, but Quorum could not be reached to add the credits. Check your connection and try again; you will not be charged twice.',
  invalidSignature: 'Invalid webhook signature.',
} as const;

/** The phrase by which a confirmation that already happened is recognised as a success, whoever's wording it is. */
export const ALREADY_PROCESSED_PHRASE = 'already processed successfully';
