import type { OutgoingMail } from './outgoing-mail.ts';

/** How many of the latest mails the outbox keeps. */
export const OUTBOX_SIZE = 50;

export interface HeldMail extends OutgoingMail {
  sentAt: Date;
}

/**
 * Without an SMTP server in development, the mails the server would have sent (verification links, support
 * acknowledgements) are kept here, newest first, for the `/dev/outbox` page: signing up on a laptop needs no mail
 * server and no digging through logs. In memory and per process, which is all a developer's machine needs.
 */
export class DevelopmentOutbox {
  private readonly mails: HeldMail[] = [];

  hold(mail: OutgoingMail): void {
    this.mails.unshift({ ...mail, sentAt: new Date() });
    this.mails.length = Math.min(this.mails.length, OUTBOX_SIZE);
  }

  list(): readonly HeldMail[] {
    return this.mails;
  }
}

/** The first web address in a mail's text: what a developer wants to click. */
export function firstLinkIn(text: string): string | undefined {
  return /https?:\/\/[^\s<>"')]+/.exec(text)?.[0];
}
