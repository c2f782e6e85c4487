import type { SupportSubject } from '../../contract/support.ts';
import { escapeHtml } from './escape-html.ts';
import type { OutgoingMail } from './mailer.ts';

export interface SupportMailFacts {
  id: string;
  name: string;
  email: string;
  subject: SupportSubject;
  title: string;
  description: string;
  /** The signed-in sender's account id; null for a guest. */
  userId: string | null;
}

/** A header line must stay one line whatever was typed into the title. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const FOOTER = '<p style="color:#666;font-size:13px">Quorum</p>';

function page(heading: string, body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#222">
<h2>${escapeHtml(heading)}</h2>
${body}
${FOOTER}
</body></html>`;
}

/** To the support team. Replying answers the sender directly (Reply-To), not the address Quorum sends from. */
export function supportTeamMail(to: string, request: SupportMailFacts): OutgoingMail {
  const sender = request.userId ? `signed in, account ${request.userId}` : 'not signed in';
  const facts: [string, string][] = [
    ['From', `${request.name} <${request.email}>`],
    ['Account', sender],
    ['Category', request.subject],
    ['Title', request.title],
    ['Reference', request.id],
  ];
  const rows = facts
    .map(([label, value]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('\n');
  return {
    to,
    replyTo: request.email,
    subject: `[Support] ${request.subject}: ${oneLine(request.title)}`,
    text: `${facts.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${request.description}`,
    html: page(
      'New support request',
      `<table>${rows}</table>\n<div style="white-space:pre-wrap;border-left:3px solid #ccc;padding-left:12px;margin-top:12px">${escapeHtml(request.description)}</div>`,
    ),
  };
}

/**
 * To the sender, saying it arrived: a plain receipt with nothing the sender typed in it (not their name, title or
 * text). Anyone can type any address into the form, and a receipt that carried the sender's words would let a
 * stranger send those words to anybody through Quorum.
 */
export function supportAcknowledgementMail(request: SupportMailFacts, supportEmail: string): OutgoingMail {
  const greeting = 'Hello, thank you for contacting Quorum support.';
  const received = 'We have received your request and will answer within 24 hours.';
  const reply = 'If you have anything to add, reply to this message.';
  const reference = `Reference: ${request.id}`;
  return {
    to: request.email,
    // A reply reaches the support team rather than the address mail is sent from.
    replyTo: supportEmail,
    subject: 'We received your support request',
    text: [greeting, received, reply, reference].join('\n\n'),
    html: page('We received your support request', [greeting, received, reply, reference].map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')),
  };
}
