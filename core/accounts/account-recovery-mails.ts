import { cancelledEmailChangesSentence, type RecoveryReport } from './account-recovery.ts';
import type { LiveKeyUse } from '../api-keys/index.ts';
import { accountMailLayout } from './account-mails.ts';
import type { OutgoingMail } from '../mail/index.ts';

/**
 * The mails after the owner takes the account back (a reset, a new password). Besides saying what happened, each
 * says what ended with it (pending address changes) and what did not: API keys, which outlive any password, are
 * listed with their last use and a link to revoke them, since a key made by someone else is a way back in.
 */

// In UTC, spelled out: the reader's time zone is unknown, and a bare number date is read differently across the world.
const whenUsed = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function keyLine(key: LiveKeyUse): string {
  return `${key.name} (${key.prefix}…), ${key.lastUsedAt ? `last used ${whenUsed.format(key.lastUsedAt)} UTC` : 'never used'}`;
}

/** The paragraphs about what ended and what did not, as text and as the layout's paragraphs (a list for the keys). */
function recoveryParagraphs(report: RecoveryReport): { text: string[]; html: (string | string[])[] } {
  const cancelled = cancelledEmailChangesSentence(report.cancelledEmailChanges);
  const lead = cancelled ? [cancelled] : [];
  if (report.apiKeys.length === 0) {
    const none = 'Your account has no API keys.';
    return { text: [...lead, none], html: [...lead, none] };
  }
  const intro = "API keys keep working whatever the password. These are your account's live keys; revoke any you do not recognise:";
  const lines = report.apiKeys.map(keyLine);
  const revoke = `Revoke keys on the API page: ${report.apiKeysUrl}`;
  return {
    text: [...lead, `${intro}\n${lines.map((line) => `- ${line}`).join('\n')}`, revoke],
    html: [...lead, intro, lines],
  };
}

function recoveryMail(to: string, subject: string, title: string, intro: string, advice: string, appUrl: string, report: RecoveryReport): OutgoingMail {
  const { text, html } = recoveryParagraphs(report);
  // With keys to review, the button goes where they are revoked; otherwise to Quorum.
  const action = report.apiKeys.length > 0 ? { label: 'Review API keys', url: report.apiKeysUrl } : { label: 'Open Quorum', url: appUrl };
  return {
    to,
    subject,
    text: [intro, ...text, advice, appUrl].join('\n\n'),
    html: accountMailLayout(title, [intro, ...html, advice], action),
  };
}

/** Sent when the password was changed from Settings, so a change the owner did not make does not go unnoticed. */
export function passwordChangedNotice(to: string, name: string, appUrl: string, report: RecoveryReport): OutgoingMail {
  return recoveryMail(
    to,
    'Your Quorum password was changed',
    'Your password was changed',
    `Hi ${name}, the password of your Quorum account was just changed, and every other device was signed out.`,
    'If you did not make this change, open Quorum, choose Sign In and then "Forgot password?" to set a new one at once.',
    appUrl,
    report,
  );
}

/** Sent once a reset link has set a new password: the owner learns what it ended, and which keys still work. */
export function passwordResetNotice(to: string, name: string, appUrl: string, report: RecoveryReport): OutgoingMail {
  return recoveryMail(
    to,
    'Your Quorum password was reset',
    'Your password was reset',
    `Hi ${name}, the password of your Quorum account was just reset with the link mailed to this address, and every other device was signed out.`,
    'If you did not do this, someone can read your mail: secure your mailbox first, then choose Sign In and "Forgot password?" in Quorum to set a new password.',
    appUrl,
    report,
  );
}
