import { escapeHtml } from '../mail/index.ts';
import type { OutgoingMail } from '../mail/index.ts';

/** An account mail's HTML: a heading, paragraphs (a list where a paragraph is an array of lines) and a button. */
export function accountMailLayout(title: string, paragraphs: (string | string[])[], action?: { label: string; url: string }): string {
  const body = paragraphs
    .map((paragraph) =>
      Array.isArray(paragraph) ? `<ul>${paragraph.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : `<p>${escapeHtml(paragraph)}</p>`,
    )
    .join('\n');
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

/**
 * `freeCredits` is false for an address whose one-time grant was already given (to an account since deleted): the
 * mail must not promise credits the ledger will not give.
 */
export function verificationMail(to: string, name: string, link: string, freeCredits = true): OutgoingMail {
  const intro = `Hi ${name}, welcome to Quorum! Please confirm your email address to finish signing up.`;
  const credits = freeCredits
    ? 'Your 150 free credits are ready as soon as you confirm.'
    : 'This address was used by a Quorum account that has since been deleted, so the new account starts without free credits. You can buy credits at any time.';
  const validity = 'This link is valid for 24 hours and can be used once.';
  return {
    to,
    subject: 'Confirm your email address for Quorum',
    text: `${intro}\n\n${link}\n\n${credits}\n\n${validity}\n\nIf you did not sign up for Quorum, you can ignore this message.`,
    html: accountMailLayout('Confirm your email address', [intro, credits, validity, 'If you did not sign up for Quorum, you can ignore this message.'], {
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
    html: accountMailLayout('You already have an account', [intro, advice], { label: 'Sign in to Quorum', url: signInUrl }),
  };
}

/** The reset link. A Google-only account has no password yet: the same link sets its first one. */
export function passwordResetMail(to: string, name: string, link: string, hasPassword: boolean): OutgoingMail {
  const intro = hasPassword
    ? `Hi ${name}, someone (hopefully you) asked to reset the password of your Quorum account.`
    : `Hi ${name}, someone (hopefully you) asked for a password for your Quorum account, which signs in with Google. This link sets one; Google sign-in keeps working.`;
  const validity = 'This link is valid for 1 hour and can be used once. Setting a new password signs you out on every other device.';
  const ignore = 'If you did not ask for this, you can ignore this message: your password has not changed.';
  return {
    to,
    subject: 'Reset your Quorum password',
    text: `${intro}\n\n${link}\n\n${validity}\n\n${ignore}`,
    html: accountMailLayout('Reset your password', [intro, validity, ignore], { label: 'Choose a new password', url: link }),
  };
}

/** Sent to the new address: the change happens only when this link is opened. */
export function emailChangeMail(to: string, name: string, link: string): OutgoingMail {
  const intro = `Hi ${name}, please confirm that you want to use this address for your Quorum account.`;
  const validity = 'This link is valid for 24 hours and can be used once. Until you open it, your account keeps its current address.';
  const ignore = 'If you did not ask for this, you can ignore this message.';
  return {
    to,
    subject: 'Confirm your new email address for Quorum',
    text: `${intro}\n\n${link}\n\n${validity}\n\n${ignore}`,
    html: accountMailLayout('Confirm your new email address', [intro, validity, ignore], { label: 'Confirm new address', url: link }),
  };
}

/** Sent to the new address instead when it already has an account: the change cannot happen. */
export function emailChangeTakenMail(to: string, signInUrl: string): OutgoingMail {
  const intro = 'Someone asked to move a Quorum account to this address, but this address already has its own Quorum account, so nothing was changed.';
  const advice = 'If that was you, sign in with this address instead. If it was not, you can ignore this message.';
  return {
    to,
    subject: 'This address already has a Quorum account',
    text: `${intro}\n\n${advice}\n\n${signInUrl}`,
    html: accountMailLayout('This address already has an account', [intro, advice], { label: 'Sign in to Quorum', url: signInUrl }),
  };
}

/** Sent to the old address once the change is done, so a change the owner did not make does not go unnoticed. */
export function emailChangedNotice(to: string, name: string, newEmail: string, supportEmail: string): OutgoingMail {
  const intro = `Hi ${name}, the email address of your Quorum account was changed to ${newEmail}. Mail about your account now goes there, and you sign in with it.`;
  const advice = `If you did not make this change, write to ${supportEmail} at once.`;
  return {
    to,
    subject: 'Your Quorum email address was changed',
    text: `${intro}\n\n${advice}`,
    html: accountMailLayout('Your email address was changed', [intro, advice]),
  };
}
