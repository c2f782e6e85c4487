import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueData } from '../../contract/catalogue.ts';
import { GUEST_GRANT, PER_MODEL_CREDIT_CAP, REGISTERED_GRANT } from '../../contract/limits.ts';
import { ACCOUNT_ID_PLACEHOLDER } from '../../client/src/pages/legal/browser-storage-entries.ts';
import { storageKeys } from '../../client/src/storage/local-storage.ts';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * The information pages on a real stack: pricing from the live catalogue, the three legal texts with this deploy's
 * mailboxes, the not-found page, each checked with axe and pictured. No analytics is configured here, so there
 * must be no consent banner and nothing from Google.
 */

const SUPPORT = 'help-desk@quorum.test';
const LEGAL = 'counsel@quorum.test';

let browser: Browser;
let stack: TestStack;
let catalogue: CatalogueData;

browserStackForFile((started) => ({ browser, stack } = started), { environment: { SUPPORT_EMAIL: SUPPORT, LEGAL_EMAIL: LEGAL } });

beforeAll(async () => {
  catalogue = ((await (await fetch(`${stack.baseUrl}/api/models`)).json()) as { data: CatalogueData }).data;
});

const credits = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'credit' : 'credits'}`;
const mainText = async (page: Page) => (await page.locator('#main-content').innerText()).replace(/\s+/g, ' ');

describe('the pricing page', () => {
  it('shows the tiers with the contract’s grants and caps', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { path: '/pricing' });
    await page.getByRole('heading', { name: 'Access by User Tier' }).waitFor();
    await expect.poll(() => page.title()).toBe('Pricing · Quorum');
    const free = (await page.getByTestId('tier-card-free').textContent()) ?? '';
    expect(free).toContain(credits(GUEST_GRANT));
    expect(free).toContain(`Up to ${credits(PER_MODEL_CREDIT_CAP.free)} per model`);
    expect(free).toMatch(/Web search.*Comparing models.*Brand monitoring.*Premium models/);
    const freeModels = Object.values(catalogue.models).flatMap((engine) => engine.models.filter((model) => model.freeTier)).length;
    expect(free).toContain(`${freeModels} models marked free`);
    const registered = (await page.getByTestId('tier-card-registered').textContent()) ?? '';
    expect(registered).toContain(credits(REGISTERED_GRANT));
    expect(registered).toContain(`Up to ${credits(PER_MODEL_CREDIT_CAP.registered)} per model`);
    await expect.poll(() => page.getByTestId('tier-card-subscribed').textContent()).toContain(`Up to ${credits(PER_MODEL_CREDIT_CAP.subscribed)} per model`);
    for (const heading of ['Purchase Credits', 'Pricing Tiers', 'AI Model Costs', 'Additional Features', 'Model Tiers Explained', 'Important Notes']) {
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    }
    await expect.poll(() => page.getByTestId('pricing-tiers-legend').textContent()).toBe('Premium12 credits and aboveBalanced6–11 creditsBudgetbelow 6 credits');
    expect(problems).toEqual([]);
    await close();
  });

  it('lists every model of the catalogue under its provider, with its price, band and lock', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { path: '/pricing' });
    await page.getByTestId('model-cost').first().waitFor();
    for (const [engineId, engine] of Object.entries(catalogue.models)) {
      const card = page.locator(`[data-testid="provider-costs"][data-engine="${engineId}"]`);
      await expect.poll(() => card.getByRole('heading').innerText()).toBe(engine.name);
      await expect.poll(() => card.getByTestId('model-cost').count()).toBe(engine.models.length);
      for (const model of engine.models) {
        const row = card.locator(`[data-testid="model-cost"][data-model="${model.id}"]`);
        // Badges are upper-cased by CSS; the text itself is what a screen reader reads.
        const text = (await row.textContent()) ?? '';
        await expect.poll(() => row.getByTestId('model-credits').innerText()).toBe(credits(model.credits));
        expect(text).toContain(model.credits >= 12 ? 'Premium' : model.credits >= 6 ? 'Balanced' : 'Budget');
        const guestMay = model.freeTier && model.credits <= PER_MODEL_CREDIT_CAP.free;
        expect(text).toContain(guestMay ? 'Free' : 'Register');
      }
    }
    const features = await page.getByTestId('feature-price').allInnerTexts();
    expect(features).toEqual([`+${credits(catalogue.features.webSearch)} per model`, 'Free', 'Free']);
    const highest = Math.max(...Object.values(catalogue.models).flatMap((engine) => engine.models.map((model) => model.credits)));
    const notes = await page.getByTestId('important-notes').innerText();
    expect(notes).toContain('Credits never expire');
    expect(notes).toContain('Failed requests cost nothing');
    expect(notes).toContain(`at most ${credits(highest)} per model`);
    await close();
  });

  it('prices every amount in money as the slider moves, with the dialog’s five banded segments, and says where more credits cost less', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { path: '/pricing' });
    const amount = page.getByTestId('purchase-amount');
    const quote = page.getByTestId('purchase-quote');
    await amount.waitFor();
    const shown = async () => ({
      amount: await amount.innerText(),
      price: await page.getByTestId('purchase-amount-price').innerText(),
      band: await quote.getByTestId('purchase-band').innerText(),
      rate: await quote.getByTestId('purchase-rate').innerText(),
      total: await quote.getByTestId('purchase-price').innerText(),
    });
    await expect.poll(() => shown()).toEqual({ amount: '100 credits', price: '$1.00', band: 'STARTER', rate: '$0.0100', total: '$1.00' });
    // Every preset carries its price.
    const presets = page.getByRole('group', { name: 'Common amounts' }).getByRole('button');
    expect((await presets.allInnerTexts()).map((text) => text.replace(/\s+/g, ''))).toEqual(['100$1.00', '200$2.00', '500$4.50', '1,000$8.50', '2,500$20.00']);
    await presets.filter({ hasText: '2,500' }).click();
    await expect.poll(shown).toEqual({ amount: '2,500 credits', price: '$20.00', band: 'PROFESSIONAL', rate: '$0.0080', total: '$20.00' });
    await expect.poll(() => quote.getByTestId('purchase-savings').innerText()).toBe('You save $5.00 (20%) against the Starter rate');

    // The slider is the dialog's: five equal segments, one per band, the thumb reporting credits and their price.
    const thumb = page.getByRole('slider', { name: 'Credits to buy' });
    await expect.poll(() => thumb.getAttribute('aria-valuenow')).toBe('2500');
    await expect.poll(() => thumb.getAttribute('aria-valuetext')).toBe('2,500 credits, $20.00');
    const marks = await page.getByTestId('purchase-slider').locator('.mantine-Slider-markLabel').allInnerTexts();
    expect(marks).toEqual(['100', '200', '500', '2K', '10K', '50K']);
    await thumb.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => amount.innerText()).toBe('100 credits');
    // An arrow always moves at least one step, even in the first segment where a position is worth half a credit.
    await page.keyboard.press('ArrowRight');
    await expect.poll(shown).toEqual({ amount: '200 credits', price: '$2.00', band: 'STARTER', rate: '$0.0100', total: '$2.00' });
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await shown()).band).toBe('BASIC');
    await page.keyboard.press('End');
    await expect.poll(shown).toEqual({ amount: '50,000 credits', price: '$375.00', band: 'ENTERPRISE', rate: '$0.0075', total: '$375.00' });
    // The middle of the track is the middle band, not a quarter of the credits.
    // The locator's click scrolls the track into view first: a raw mouse click at the box's page position misses
    // it whenever the page has scrolled since the box was measured.
    const slider = page.getByTestId('purchase-slider');
    const box = (await slider.boundingBox())!;
    await slider.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect.poll(async () => (await shown()).band).toBe('STANDARD');
    await expect.poll(() => page.getByTestId('credit-band-rates').getByTestId('credit-band-rate').allInnerTexts()).toEqual([
      expect.stringMatching(/^Starter\s+100–200\s+\$0\.0100$/),
      expect.stringMatching(/^Basic\s+201–500\s+\$0\.0090$/),
      expect.stringMatching(/^Standard\s+501–2,000\s+\$0\.0085$/),
      expect.stringMatching(/^Professional\s+2,001–10,000\s+\$0\.0080$/),
      expect.stringMatching(/^Enterprise\s+10,001–50,000\s+\$0\.0075$/),
    ]);

    // 2,000 credits cost $17.00 but 2,100 cost $16.80: the page says so and offers the larger amount.
    await presets.filter({ hasText: '1,000' }).click();
    await expect.poll(() => amount.innerText()).toBe('1,000 credits');
    await expect.poll(() => quote.getByTestId('purchase-cheaper').count()).toBe(0);
    // One step at a time, each read once the page has drawn it: a read before the redraw would press once too often.
    for (let step = 0; step < 40; step += 1) {
      const before = await amount.innerText();
      if (before === '2,000 credits') break;
      await thumb.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => amount.innerText()).not.toBe(before);
    }
    await expect.poll(() => amount.innerText()).toBe('2,000 credits');
    await expect.poll(() => quote.getByTestId('purchase-cheaper').innerText()).toContain(
      'More credits cost less here: 2,100 credits cost $16.80, less than 2,000 credits at $17.00.',
    );
    await quote.getByRole('button', { name: 'Choose 2,100 credits' }).click();
    await expect.poll(shown).toEqual({ amount: '2,100 credits', price: '$16.80', band: 'PROFESSIONAL', rate: '$0.0080', total: '$16.80' });
    await expect.poll(() => page.getByTestId('purchase-button').innerText()).toBe('Purchase 2,100 credits · $16.80');

    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.getByTestId('purchase-quote').scrollIntoViewIfNeeded();
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await saveScreenshot(page, `pricing-money-${colorScheme}`);
      }
    }

    await page.getByTestId('purchase-button').click();
    const dialog = page.getByRole('dialog', { name: 'Payment Unavailable' });
    await dialog.waitFor();
    // No STRIPE_SECRET_KEY here: the dialog says payments are off and where to write instead.
    await expect.poll(() => dialog.innerText()).toContain('Card payments are not available at the moment');
    await expect.poll(() => dialog.getByTestId('payment-support-email').getAttribute('href')).toBe(`mailto:${SUPPORT}`);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await close();
  }, testLimit(60_000));
});

describe('the pricing page on long conversations', () => {
  it('states what a long conversation adds from the contract, and the context windows from the catalogue, on a phone and a desktop, light and dark', async () => {
    const windows = Object.values(catalogue.models).flatMap((engine) => engine.models.map((model) => model.contextTokens!));
    expect(windows.every((window) => Number.isInteger(window))).toBe(true);
    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      const { page, problems, close } = await openPage(browser, stack.baseUrl, { path: '/pricing', viewport });
      const section = page.getByRole('region', { name: 'Long Conversations' });
      await section.getByTestId('long-conversations').waitFor();
      const text = (await section.innerText()).replace(/\s+/g, ' ');
      expect(text).toContain('A follow-up sends the model the whole conversation so far');
      expect(text).toContain('Each model’s price includes 8,000 tokens of conversation: about 32,000 characters');
      expect(text).toContain('every started 4,000 tokens add 1 credit to that model’s price');
      expect(text).toContain('a conversation of 20,000 tokens costs the model’s price plus 3 credits');
      expect(text).toContain('Tokens are estimated as one per 4 characters');
      await expect.poll(async () => (await section.innerText()).replace(/\s+/g, ' ')).toContain(
        `models read from ${Math.min(...windows).toLocaleString('en-US')} to ${Math.max(...windows).toLocaleString('en-US')} tokens`,
      );
      // The charging rules point to it.
      await expect.poll(() => page.getByTestId('important-notes').innerText()).toContain('what a long conversation adds');
      // Nothing runs off a phone's screen sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await section.scrollIntoViewIfNeeded();
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await saveViewportScreenshot(page, `pricing-long-conversations-${colorScheme}`);
      }
      expect(problems).toEqual([]);
      await close();
    }
  }, testLimit(60_000));
});

describe('the legal pages', () => {
  it('gives the terms seventeen numbered sections with a table of contents and both mailboxes', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { path: '/terms-and-conditions' });
    await page.getByRole('heading', { level: 1, name: 'Terms and conditions' }).waitFor();
    await expect.poll(() => page.title()).toBe('Terms and conditions · Quorum');
    await expect.poll(() => page.getByTestId('legal-section').count()).toBe(17);
    await expect.poll(() => page.getByRole('navigation', { name: 'Contents' }).getByRole('link').count()).toBe(17);
    await expect.poll(() => page.getByTestId('last-updated').innerText()).toMatch(/^Last updated: \d{1,2} \w+ \d{4}$/);
    const text = await mainText(page);
    for (const phrase of ['at least 13 years old', 'final and non-refundable', 'unused credits are forfeited', 'payment provider', 'Severability', 'Entire agreement', 'Governing law']) {
      expect(text).toContain(phrase);
    }
    expect(text).toContain(`${GUEST_GRANT} credits once per network`);
    // All six providers by name, and the four cost tiers with their prices.
    for (const provider of ['OpenAI', 'Anthropic', 'Google Gemini', 'DeepSeek', 'Perplexity', 'Groq']) expect(text).toContain(provider);
    for (const tier of ['ultra-premium, 20 credits', 'premium, 12–15 credits', 'balanced, 6–10 credits', 'budget, 2–5 credits']) expect(text).toContain(tier);
    await expect.poll(() => page.locator(`#main-content a[href="mailto:${LEGAL}"]`).count()).toBe(1);
    await expect.poll(() => page.locator(`#main-content a[href="mailto:${SUPPORT}"]`).count()).toBe(1);
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Payment' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#payment');
    expect(problems).toEqual([]);
    await close();
  });

  it('says in the privacy policy what is really stored, for how long, and how to delete the account', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { path: '/privacy-policy' });
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
    const text = await mainText(page);
    for (const phrase of ['argon2id', 'SHA-256', 'HMAC', 'until you delete your account', 'anonymised', 'Delete Account', 'card payment provider', 'Redis', 'Server logs']) {
      expect(text).toContain(phrase);
    }
    await expect.poll(() => page.locator(`#main-content a[href="mailto:${LEGAL}"]`).count()).toBe(1);
    await close();
  });

  it('lists in the cookie policy the session cookie, every storage key and analytics only after consent', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { path: '/cookie-policy' });
    await page.getByRole('heading', { level: 1, name: 'Cookie policy' }).waitFor();
    const text = await mainText(page);
    for (const phrase of ['quorum_session', 'HttpOnly', 'quorum.user', 'quorum.session', 'quorum.anonymousSessionId', 'quorum.cookieConsent', 'quorum.brandConfig.', 'quorum.brandMonitoring.', 'Google Analytics 4', '14 months', 'Cookie settings']) {
      expect(text).toContain(phrase);
    }
    await expect.poll(() => page.getByTestId('last-updated').count()).toBe(1);
    await close();
  });
});

/** Axe in both schemes, and a full-page picture of each. */
async function checkedInBothSchemes(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const violation of await seriousAccessibilityViolations(page)) found.push(`${name} ${colorScheme}: ${violation}`);
    await saveScreenshot(page, `${name}-${colorScheme}`);
  }
  return found;
}

/** What the cookie policy names each stored key, a per-user key with the account id as the policy shows it. */
const asListed = (key: string) => key.replace(/\.[0-9a-f-]{36}$/, `.${ACCOUNT_ID_PLACEHOLDER}`);

describe('the spec’s words on the pricing and cookie pages', () => {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    it(`gives the Subscribed tier "${REGISTERED_GRANT} plus purchased" at ${viewport.width} px`, async () => {
      const { page, problems, close } = await openPage(browser, stack.baseUrl, { path: '/pricing', viewport });
      const card = page.getByTestId('tier-card-subscribed');
      await card.waitFor();
      expect((await card.innerText()).split('\n')).toContain(`${REGISTERED_GRANT} plus purchased`);
      await expect.poll(() => card.innerText()).toContain(`The ${credits(REGISTERED_GRANT)} from signing up, plus every credit you buy`);
      await page.getByTestId('model-cost').first().waitFor();
      expect(await checkedInBothSchemes(page, 'pricing-tier-cards')).toEqual([]);
      expect(problems).toEqual([]);
      await close();
    }, testLimit(60_000));

    it(`dates the cookie policy and lists every key the app keeps at ${viewport.width} px`, async () => {
      const { page, problems, close } = await openPage(browser, stack.baseUrl, { path: '/cookie-policy', viewport });
      await page.getByRole('heading', { level: 1, name: 'Cookie policy' }).waitFor();
      await expect.poll(() => page.getByTestId('last-updated').innerText()).toBe('Last updated: January 2025');
      const listed = await page.getByTestId('stored-key').evaluateAll((items) => items.map((item) => item.getAttribute('data-key')));
      const everyKey = Object.values(storageKeys).map((key) => (typeof key === 'function' ? key(ACCOUNT_ID_PLACEHOLDER) : key));
      expect([...listed].sort()).toEqual([...everyKey].sort());
      const text = await mainText(page);
      for (const key of everyKey) expect(text).toContain(key);
      expect(await checkedInBothSchemes(page, 'cookie-policy-keys')).toEqual([]);
      expect(problems).toEqual([]);
      await close();
    }, testLimit(60_000));
  }

  it('names every key and cookie a signed-in visitor’s browser really holds', async () => {
    const { page, context, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie });
    await page.getByTestId('query-input').waitFor();
    // A theme chosen with the top bar's button is kept too.
    const keysHeld = () => page.evaluate(() => localStorage.length);
    const before = await keysHeld();
    await page.getByTestId('color-scheme-toggle').click();
    await expect.poll(keysHeld).toBe(before + 1);
    await page.getByRole('link', { name: 'Cookie policy' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Cookie policy' }).waitFor();
    const held = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
    const listed = await page.getByTestId('stored-key').evaluateAll((items) => items.map((item) => item.getAttribute('data-key')));
    expect(held.map(asListed).filter((key) => !listed.includes(key))).toEqual([]);
    expect(held).toEqual(expect.arrayContaining(['quorum.user', 'quorum.cookieConsent', storageKeys.colorScheme]));
    const text = await mainText(page);
    const cookies = (await context.cookies()).map((cookie) => cookie.name);
    expect(cookies).toContain('quorum_session');
    expect(cookies.filter((name) => !text.includes(name))).toEqual([]);
    await close();
  }, testLimit(60_000));
});

describe('an unknown address', () => {
  it('shows a not-found page that names the address and offers home and help', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { path: '/no-such-page' });
    await page.getByTestId('not-found').waitFor();
    // The address is answered with HTTP 404, and the app's not-found page is what it shows.
    expect((await page.goto(new URL('/no-such-page', stack.baseUrl).toString()))?.status()).toBe(404);
    await page.getByTestId('not-found').waitFor();
    expect((await page.goto(new URL('/pricing', stack.baseUrl).toString()))?.status()).toBe(200);
    await page.goto(new URL('/no-such-page', stack.baseUrl).toString());
    await page.getByTestId('not-found').waitFor();
    await expect.poll(() => page.title()).toBe('Page not found · Quorum');
    await expect.poll(() => page.getByTestId('not-found').innerText()).toContain('/no-such-page');
    await expect.poll(() => page.getByTestId('not-found').getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    await expect.poll(() => page.getByTestId('not-found').getByRole('link', { name: 'Get help' }).getAttribute('href')).toBe('/help-support');
    await close();
  });
});

describe('without analytics configured', () => {
  it('still asks on every route with Cookie settings in the footer, and Accept turns nothing of Google on', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { path: '/pricing', cookieQuestion: true });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    for (const path of ['/pricing', '/', '/terms-and-conditions', '/help-support', '/no-such-page']) {
      await page.goto(new URL(path, stack.baseUrl).toString());
      await page.getByTestId('cookie-consent-banner').waitFor();
      await expect.poll(() => page.getByTestId('cookie-settings').innerText()).toBe('Cookie settings');
    }
    await expect.poll(() => page.getByTestId('cookie-consent-banner').innerText()).toContain('switched off on this site');
    await page.getByTestId('cookie-accept').click();
    await page.getByTestId('cookie-consent-banner').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('quorum.cookieConsent'))).toBe('"accepted"');
    await page.reload();
    await page.getByTestId('footer-support-email').waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByTestId('cookie-consent-banner').count()).toBe(0);
    await expect.poll(() => page.locator('script[data-analytics="ga4"]').count()).toBe(0);
    expect(requests.filter((url) => url.includes('google'))).toEqual([]);
    // Cookie settings asks again.
    await page.getByTestId('cookie-settings').click();
    await page.getByTestId('cookie-consent-banner').waitFor();
    await close();
  });

  it('shows no social links when none is configured', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { path: '/pricing' });
    await page.getByTestId('footer-support-email').waitFor();
    await expect.poll(() => page.getByTestId('footer-support-email').innerText(), { timeout: underLoad(10_000) }).toBe(SUPPORT);
    await expect.poll(() => page.getByTestId('footer-social-links').count()).toBe(0);
    for (const host of ['github.com', 'x.com', 'linkedin.com']) await expect.poll(() => page.locator(`footer a[href*="${host}"]`).count()).toBe(0);
    await close();
  });
});

const PAGES = [
  ['home', '/', 'query-input'],
  ['pricing', '/pricing', 'model-cost'],
  ['terms', '/terms-and-conditions', 'legal-section'],
  ['privacy', '/privacy-policy', 'legal-section'],
  ['cookie-policy', '/cookie-policy', 'legal-section'],
  ['not-found', '/no-such-page', 'not-found'],
] as const;

describe('accessibility and looks', () => {
  // Axe on each of these pages at both widths, guest and signed in, light and dark, is the accessibility sweep's
  // (accessibility-sweep.e2e.test.ts): the same check here again only doubled the slowest part of the browser suite.

  it('is pictured on a phone and a desktop, light and dark', async () => {
    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const [name, path, ready] of PAGES.filter(([name]) => name !== 'home' && name !== 'privacy')) {
          const { page, problems, close } = await openPage(browser, stack.baseUrl, { path, viewport });
          await page.emulateMedia({ colorScheme });
          await page.getByTestId(ready).first().waitFor();
          await saveScreenshot(page, `${name}-${colorScheme}`);
          // The not-found page comes with HTTP 404, which Chromium reports on the console; nothing else may.
          expect(problems.filter((problem) => !(name === 'not-found' && problem.includes('status of 404')))).toEqual([]);
          await close();
        }
      }
    }
  }, testLimit(120_000));
});
