import http from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_MAX_LENGTH } from '../../contract/limits.ts';
import { answerCookieQuestion, DESKTOP_VIEWPORT, PHONE_VIEWPORT, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * A model's answer is untrusted: here it carries script tags, event handlers, `javascript:` and `data:` links in
 * markdown and raw HTML, remote images, an iframe, an SVG with script, and web-search sources that point at
 * `javascript:`/`data:` addresses. In Chromium nothing of it may run or load: no script, no dialog, no request to
 * the "attacker's" server (a local one on another port that counts what it gets), no link outside the allow-list.
 * The simulator's `echo=1` makes the model say exactly what the question holds.
 */

const ALLOWED_SCHEMES = ['http:', 'https:', 'irc:', 'ircs:', 'mailto:', 'xmpp:'];

let browser: Browser;
let stack: TestStack;
let beacon: http.Server;
let beaconOrigin: string;
const beaconRequests: string[] = [];

beforeAll(async () => {
  beacon = http.createServer((request, response) => {
    beaconRequests.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'image/gif', 'access-control-allow-origin': '*' });
    response.end(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
  });
  await new Promise<void>((resolve) => beacon.listen(0, '127.0.0.1', resolve));
  const address = beacon.address();
  beaconOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
// Registered before the stack's, so it runs after the stack has stopped.
afterAll(async () => {
  await new Promise((resolve) => beacon?.close(resolve));
});

browserStackForFile((started) => ({ browser, stack } = started));

/** Raw HTML: every way a tag could run script or fetch something. */
const rawHtml = () =>
  `<script>window.pwned='script';alert(1)</script> <img src=${beaconOrigin}/raw.png onerror="window.pwned='onerror'"> ` +
  `<a href="javascript:window.pwned='href'" onclick="window.pwned='onclick'">raw-link</a> <a href="data:text/html,x">raw-data</a> <iframe src=${beaconOrigin}/frame></iframe> ` +
  `<svg onload="window.pwned='svg'"><script>window.pwned='svg-script'</script></svg> <object data=${beaconOrigin}/object></object> [[simulate echo=1]]`;

/** Markdown: links and images whose addresses run script, embed a document, or call home; and three that are fine. */
const markdownLinks = () =>
  `[md-js](javascript:window.pwned='md') [md-upper](JAVASCRIPT:alert(2)) [md-entity](&#106;avascript:alert(3)) ` +
  `[md-data](data:text/html;base64,PHNjcmlwdD5hbGVydCg0KTwvc2NyaXB0Pg==) [md-vb](vbscript:msgbox(5)) ![md-remote](${beaconOrigin}/md.png) ` +
  `![md-svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoNik+) [ok-https](https://example.com/ok) [ok-mail](mailto:someone@example.com) ` +
  `[ok-relative](/pricing) [[simulate echo=1]]`;

interface WatchedPage {
  page: Page;
  dialogs: string[];
  problems: string[];
  close(): Promise<void>;
}

/** A signed-in page that records every dialog (and dismisses it), console error and uncaught exception. */
async function openWatchedPage(viewport = DESKTOP_VIEWPORT): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport });
  await answerCookieQuestion(context);
  const [name, ...value] = stack.fundedCookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: stack.baseUrl }]);
  const page = await context.newPage();
  const dialogs: string[] = [];
  const problems: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(stack.baseUrl);
  await page.getByTestId('startup-loader').waitFor({ state: 'detached', timeout: underLoad(15_000) });
  return { page, dialogs, problems, close: () => context.close() };
}

/** Asks in the page and waits until the answer is finished on screen (its Copy button shows only then). */
async function askAndWait(page: Page, query: string, marker: string): Promise<void> {
  expect(query.length).toBeLessThanOrEqual(QUERY_MAX_LENGTH);
  await page.getByTestId('query-input').fill(query);
  await page.getByTestId('ask-button').click();
  await expect.poll(async () => (await page.getByTestId('answer').textContent()) ?? '', { timeout: underLoad(20_000) }).toContain(marker);
  await page.getByTestId('answer-copy').waitFor({ state: 'visible', timeout: underLoad(20_000) });
}

/** Every link the answer area shows (the answer and its sources), with its raw `href` (null when it has none). */
function answerLinks(page: Page): Promise<{ text: string; href: string | null }[]> {
  return page
    .locator('[data-testid="answer"] a, [data-testid="answer-sources"] a')
    .evaluateAll((anchors) => anchors.map((anchor) => ({ text: anchor.textContent ?? '', href: anchor.getAttribute('href') })));
}

function expectAllowedHrefs(links: { href: string | null }[]): void {
  for (const { href } of links) {
    if (href === null) continue;
    const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(href)?.[1];
    if (scheme !== undefined) expect(ALLOWED_SCHEMES).toContain(`${scheme.toLowerCase()}:`);
  }
}

/** Nothing that runs or embeds anything lives in the answer, and no element there carries an event handler. */
async function expectInertAnswer(page: Page): Promise<void> {
  const answer = page.getByTestId('answer');
  await expect.poll(() => answer.locator('script, iframe, object, embed, svg script, img, form, base, meta, link').count()).toBe(0);
  const handlers = await answer.evaluate((root) =>
    [root, ...root.querySelectorAll('*')].flatMap((element) => element.getAttributeNames().filter((name) => name.toLowerCase().startsWith('on'))),
  );
  expect(handlers).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { pwned?: string }).pwned)).toBeUndefined();
}

/** The answer on screen at phone and desktop width, for a person to look at (`test-artifacts/screenshots/`). */
async function saveScreenshotsAtBothSizes(page: Page, name: string): Promise<void> {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    await page.getByTestId('answer').scrollIntoViewIfNeeded();
    await saveViewportScreenshot(page, name);
  }
}

describe('a hostile answer in Chromium', () => {
  it('shows raw HTML as text: no script runs, nothing loads, no handler or frame reaches the page', { timeout: testLimit(60_000) }, async () => {
    const watched = await openWatchedPage();
    // The object tag is the answer's last piece: once it is on screen, everything before it is too.
    await askAndWait(watched.page, rawHtml(), '</object>');
    const shown = (await watched.page.getByTestId('answer').textContent()) ?? '';
    // The tags arrived, and are on screen as the text they are.
    expect(shown).toContain("<script>window.pwned='script';alert(1)</script>");
    expect(shown).toContain('<iframe src=');
    await expectInertAnswer(watched.page);
    expect(await answerLinks(watched.page)).toEqual([]);
    expect(watched.dialogs).toEqual([]);
    expect(watched.problems).toEqual([]);
    expect(beaconRequests).toEqual([]);
    await saveScreenshotsAtBothSizes(watched.page, 'hostile-answer-raw-html');
    await watched.close();
  });

  it('keeps only allowed link schemes from markdown, shows images as links, and loads nothing remote', { timeout: testLimit(60_000) }, async () => {
    const watched = await openWatchedPage();
    await askAndWait(watched.page, markdownLinks(), 'ok-relative');
    // The unsafe ones are shown as plain text, without a link; the safe ones stay links. The markdown renderer is
    // loaded on demand and a finished answer is drawn in the next animation frame, so the links may come a moment
    // after the text: wait for them.
    await expect
      .poll(async () => (await answerLinks(watched.page)).map((link) => link.text), { timeout: underLoad(10_000) })
      .toEqual(['[Image: md-remote]', 'ok-https', 'ok-mail', 'ok-relative']);
    await expectInertAnswer(watched.page);
    const links = await answerLinks(watched.page);
    expectAllowedHrefs(links);
    expect(links.map((link) => link.href)).toEqual([`${beaconOrigin}/md.png`, 'https://example.com/ok', 'mailto:someone@example.com', '/pricing']);
    const shown = (await watched.page.getByTestId('answer').textContent()) ?? '';
    for (const text of ['md-js', 'md-upper', 'md-entity', 'md-data', 'md-vb', '[Image: md-svg]']) expect(shown).toContain(text);
    expect(watched.dialogs).toEqual([]);
    expect(watched.problems).toEqual([]);
    expect(beaconRequests).toEqual([]);

    await saveScreenshotsAtBothSizes(watched.page, 'hostile-answer-markdown');
    await watched.close();
  });

  it('lists only web-search sources with allowed addresses', { timeout: testLimit(60_000) }, async () => {
    const watched = await openWatchedPage();
    await watched.page.getByTestId('web-search-toggle').check({ force: true });
    // hostile=1: the pages cited are javascript:, data:, " JavaScript:" and one https page (with a title cut in an emoji).
    await askAndWait(watched.page, 'Poisoned citations [[simulate hostile=1 chunks=12]]', 'gpt-4o-mini');
    await watched.page.getByTestId('answer-sources').waitFor({ timeout: underLoad(10_000) });
    const links = await answerLinks(watched.page);
    expectAllowedHrefs(links);
    const sources = await watched.page
      .getByTestId('answer-source')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(sources).toEqual([expect.stringMatching(/^https:\/\/docs\.example\.com\/guides\/emoji/)]);
    await expectInertAnswer(watched.page);
    expect(watched.dialogs).toEqual([]);
    expect(watched.problems).toEqual([]);
    expect(beaconRequests).toEqual([]);
    await watched.close();
  });
});

/** What server/plugins/external/helmet.ts sets, with no Google sign-in, analytics or card payments configured, over HTTP. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data:;" +
    "object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': null,
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('the security headers', () => {
  it.each(['/', '/api/health', '/api/credits', '/api/no-such-route'])('are exactly the strict set on %s', async (path) => {
    const response = await fetch(`${stack.baseUrl}${path}`, { headers: { cookie: stack.fundedCookie } });
    await response.body?.cancel();
    const headers = Object.fromEntries(Object.keys(SECURITY_HEADERS).map((name) => [name, response.headers.get(name)]));
    expect(headers).toEqual(SECURITY_HEADERS);
    // The policy itself, read the way a browser would: no inline script, no remote images, no framing.
    const policy = new Map(response.headers.get('content-security-policy')!.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources] as const;
    }));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });
});
