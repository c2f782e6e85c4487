import type { ServerResponse } from 'node:http';

/**
 * Gemini's grounding links are Google redirects (`vertexaisearch.cloud.google.com/grounding-api-redirect/…`) that
 * say nothing of the site until followed. The simulator's links point at itself instead, so following them works
 * offline: the token after `/grounding-api-redirect/` is the page's address (base64url), and the simulator answers
 * with a 302 to it. Two tokens script failures: `gone.…` answers 404, `hang.…` never answers (until the caller
 * gives up), which is how a test sees an unfollowed redirect recorded.
 */
export const REDIRECT_PATH = '/grounding-api-redirect/';

export function groundingRedirectUrl(redirectBase: string, target: string, fate: 'ok' | 'gone' | 'hang' = 'ok'): string {
  const token = Buffer.from(target).toString('base64url');
  return `${redirectBase}${REDIRECT_PATH}${fate === 'ok' ? token : `${fate}.${token}`}`;
}

export async function handleGroundingRedirect(path: string, response: ServerResponse, signal: AbortSignal): Promise<void> {
  const token = path.slice(path.indexOf(REDIRECT_PATH) + REDIRECT_PATH.length);
  if (token.startsWith('hang.')) {
    // Held open until the client leaves: a redirect service that has stopped answering.
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    return;
  }
  const target = Buffer.from(token.replace(/^gone\./, ''), 'base64url').toString();
  if (token.startsWith('gone.') || !/^https?:\/\//.test(target)) {
    response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Not Found</title>');
    return;
  }
  response.writeHead(302, { location: target, 'content-type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><title>Redirecting</title><a href="${target.replaceAll('"', '&quot;')}">Continue</a>`);
}
