import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  /** The Reply-To address, or '' when the mail names none. */
  replyTo: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server inside the test process: Quorum's mailer talks SMTP to it exactly as to a production relay,
 * and tests read what arrived.
 */
export interface MailCatcher {
  url: string;
  messages: CaughtMail[];
  /** Resolves with the next message to `to` (already arrived or still to come). */
  next(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const consumed = new Set<CaughtMail>();
  const waiters: { to: string; resolve: (mail: CaughtMail) => void }[] = [];
  const deliver = (mail: CaughtMail) => {
    messages.push(mail);
    const waiter = waiters.find((candidate) => candidate.to === mail.to);
    if (waiter) {
      waiters.splice(waiters.indexOf(waiter), 1);
      consumed.add(mail);
      waiter.resolve(mail);
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          const replyTo = Array.isArray(parsed.replyTo) ? parsed.replyTo[0]?.text : parsed.replyTo?.text;
          deliver({ to: to ?? '', replyTo: replyTo ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next(to, timeoutMs = 5_000) {
      const waiting = messages.find((mail) => mail.to === to && !consumed.has(mail));
      if (waiting) {
        consumed.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          to,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The verification link's token and email, as the page at /verify-email would read them. */
export function verificationLinkIn(mail: CaughtMail): { token: string; email: string; url: URL } {
  const match = /https?:\/\/\S+\/verify-email\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no verification link in: ${mail.text}`);
  const url = new URL(match[0]);
  return { token: url.searchParams.get('token') ?? '', email: url.searchParams.get('email') ?? '', url };
}
