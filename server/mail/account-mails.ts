import { escapeHtml } from './escape-html.ts';
import type { OutgoingMail } from './mailer.ts';

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#4263eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#666;font-size:13px">Or copy this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#222">
<h2>${escapeHtml(title)}</h2>
${body}
${button}
<p style="color:#666;font-size:13px">Quorum</p>
</body></html>`;
}

export function verificationMail(to: string, name: string, link: string): OutgoingMail {
  const intro = `Hi ${name}, welcome to Quorum! Please confirm your email address to finish signing up.`;
  const validity = 'This link is valid for 24 hours and can be used once.';
  return {
    to,
    subject: 'Confirm your email address for Quorum',
    text: `${intro}\n\n${link}\n\n${validity}\n\nIf you did not sign up for Quorum, you can ignore this message.`,
    html: layout('Confirm your email address', [intro, validity, 'If you did not sign up for Quorum, you can ignore this message.'], {
      label: 'Confirm email address',
      url: link,
    }),
  };
}

/** Sent instead of a second account when someone registers an address that already has one. */
export function alreadyRegisteredMail(to: string, name: string, signInUrl: string): OutgoingMail {
  const intro = `Hi ${name}, someone (perhaps you) just tried to create a Quorum account with this address, which already has one.`;
  const advice = 'If that was you, sign in instead. If it was not, you can ignore this message: nothing has changed.';
  return {
    to,
    subject: 'You already have a Quorum account',
    text: `${intro}\n\n${advice}\n\n${signInUrl}`,
    html: layout('You already have an account', [intro, advice], { label: 'Sign in to Quorum', url: signInUrl }),
  };
}
