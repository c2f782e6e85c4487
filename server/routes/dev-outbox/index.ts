import type { FastifyPluginAsync } from 'fastify';
import type { HeldMail } from '../../../core/mail/index.ts';
import { escapeHtml } from '../../../core/mail/index.ts';

/** Escaped text with its web addresses made into links (the verification link, above all). */
function linkified(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function mailHtml(mail: HeldMail): string {
  return `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To ${escapeHtml(mail.to)}${mail.replyTo ? ` · reply to ${escapeHtml(mail.replyTo)}` : ''} · ${mail.sentAt.toISOString()}</p>
  <pre>${linkified(mail.text)}</pre>
</article>`;
}

/**
 * `GET /dev/outbox`: in development without SMTP_URL, the mails Quorum would have sent, newest first, with their
 * links ready to click. Not registered anywhere else: in production there is no such page.
 */
const developmentOutboxRoute: FastifyPluginAsync = async (app) => {
  const outbox = app.developmentOutbox;
  if (!outbox) return;
  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = outbox.list();
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · Quorum development</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
h1{font-size:1.4rem}article{border:1px solid #d0d4d9;border-radius:8px;padding:0 1rem;margin:1rem 0}
h2{font-size:1.05rem;margin-bottom:0}.meta{color:#495057;margin-top:.25rem}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Outbox</h1><p>Mails Quorum would have sent, newest first. Development only: set SMTP_URL to send real mail.</p>
${mails.length === 0 ? '<p>No mail yet. Sign up, and the verification mail appears here.</p>' : mails.map(mailHtml).join('\n')}
</body></html>`;
  });
};

export default developmentOutboxRoute;
