/**
 * Mail: every message written and sent, or kept in the development outbox.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { DevelopmentOutbox, type HeldMail } from './development-outbox.ts';
export { escapeHtml } from './escape-html.ts';
export { createMailer, type Mailer } from './mailer.ts';
export type { OutgoingMail } from './outgoing-mail.ts';
export { supportAcknowledgementMail, type SupportMailFacts, supportTeamMail } from './support-mails.ts';
export {
  type CanaryReading,
  factContradictionAlertMail,
  trackingAlertMail,
  type TrackingMailFacts,
  trackingPausedMail,
} from './tracking-mails.ts';
