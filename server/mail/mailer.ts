import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes when it should not go back to the sender address (a support request's author). */
  replyTo?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Mail over SMTP with nodemailer. Without SMTP_URL the message, link included, goes to the log instead, so a
 * developer can still sign up on a laptop; that is said loudly at start.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string }, logger: FastifyBaseLogger): Mailer {
  if (!options.smtpUrl) {
    logger.warn('SMTP_URL is not set: outgoing mail is written to the log instead of being sent');
    return {
      async send(mail) {
        logger.info({ mail: { to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text } }, 'mail not sent (no SMTP_URL)');
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
