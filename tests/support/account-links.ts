import type { CaughtMail } from './mail-catcher.ts';

/** The token of the first `path` link (`/reset-password`, `/confirm-email`) in a mail's text. */
export function accountLinkIn(mail: CaughtMail, path: string): { token: string; url: URL } {
  const match = new RegExp(`https?://\\S+${path}\\?\\S+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  const url = new URL(match[0]);
  return { token: url.searchParams.get('token') ?? '', url };
}
