/** One message as Quorum composes it, before any transport sees it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes when it should not go back to the sender address (a support request's author). */
  replyTo?: string;
}
