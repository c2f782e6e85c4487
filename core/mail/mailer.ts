import type { LogSink } from '../logging/index.ts';
import nodemailer from 'nodemailer';
import { firstLinkIn, type DevelopmentOutbox } from './development-outbox.ts';
import type { OutgoingMail } from './outgoing-mail.ts';

export type { OutgoingMail } from './outgoing-mail.ts';

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Mail over SMTP with nodemailer. Without SMTP_URL the message goes to the log instead (its link printed plainly in
 * the line's message, ready to click), and to the development outbox when there is one, so a developer can still
 * sign up on a laptop; that is said loudly at start.
 */
export function createMailer(
  options: { smtpUrl: string | undefined; from: string; outbox?: DevelopmentOutbox | undefined },
  logger: LogSink,
): Mailer {
  if (!options.smtpUrl) {
    const outbox = options.outbox;
    logger.warn(`SMTP_URL is not set: outgoing mail is written to the log${outbox ? ' and kept at /dev/outbox' : ''} instead of being sent`);
    return {
      async send(mail) {
        outbox?.hold(mail);
        const link = firstLinkIn(mail.text);
        logger.info(
          { mail: { to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text } },
          `mail not sent (no SMTP_URL): "${mail.subject}" to ${mail.to}${link ? ` — link: ${link}` : ''}`,
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close() {
      transport.close();
    },
  };
}
