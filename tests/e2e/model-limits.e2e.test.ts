import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MAX_COMPARED_MODELS } from '../../contract/limits.ts';
import { User } from '../../core/database/entities/user.ts';
import { SESSION_COOKIE } from '../../server/auth/session-cookie.ts';
import { SessionService } from '../../core/accounts/session-service.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import type { TestStack } from '../support/test-stack.ts';
import { underLoad } from '../support/load-scaled-timeout.ts';

/**
 * What the page lets each visitor pick, on a real stack: a guest can open every engine and see its models (the
 * locked ones badged and disabled, with the reason Ask is off), and a comparison never holds more models than the
 * server accepts, whether picked by Select All, a preset or one box at a time.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

/** A signed-in `registered` user, written straight into the database; the server grants their credits on first read. */
async function registeredCookie(): Promise<string> {
  const em = stack.records();
  const user = em.create(User, {
    id: randomUUID(),
    name: 'Registered Tester',
    email: `registered-${randomUUID()}@example.com`,
    emailVerified: true,
    passwordHash: 'not-a-usable-hash',
    tier: 'registered',
  });
  await em.flush();
  const session = await new SessionService(stack.config.auth).issue(em, user);
  return `${SESSION_COOKIE}=${session.token}`;
}

async function chooseEngine(page: Page, name: string): Promise<void> {
  await page.getByTestId('engine-select').click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** The model dropdown's options (not the engine dropdown's, which may still be fading out). */
const modelOptions = (page: Page) => page.locator('[role="option"]:has([data-testid="model-option"])');

/** Opens the model dropdown (left open) and reads each option's lock badge and whether it can be chosen. */
async function openModelList(page: Page): Promise<{ model: string; lock: string; disabled: boolean }[]> {
  await page.getByTestId('model-select').click();
  const options = modelOptions(page);
  await options.first().waitFor();
  return options.evaluateAll((elements) =>
    elements.map((element) => {
      const entry = element.querySelector('[data-testid="model-option"]');
      return {
        model: entry?.getAttribute('data-model') ?? '',
        lock: entry?.getAttribute('data-lock') ?? '',
        disabled: element.getAttribute('aria-disabled') === 'true' || element.hasAttribute('data-combobox-disabled'),
      };
    }),
  );
}

/** The stored catalogue's model ids for an engine, as the server lists them. */
async function catalogueModels(engine: string): Promise<string[]> {
  const response = await fetch(`${stack.baseUrl}/api/models`);
  const body = (await response.json()) as { data: { models: Record<string, { models: { id: string }[] }> } };
  return body.data.models[engine]!.models.map((model) => model.id);
}

describe('a guest browsing engines', () => {
  // Engines without a budget model (below 6 credits): nothing there is open to a guest.
  it.each([
    ['Perplexity', 'perplexity'],
    ['DeepSeek', 'deepseek'],
  ])('opens %s, sees every model locked with Register, stays there, and is told why Ask is off', async (name, engine) => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl);
    await chooseEngine(page, name);
    // The choice holds: no snapping back to an engine the guest may use.
    await expect.poll(() => page.getByTestId('engine-select').inputValue()).toBe(name);
    await page.waitForTimeout(300);
    await expect.poll(() => page.getByTestId('engine-select').inputValue()).toBe(name);
    await expect.poll(() => page.getByText(`Choose ${name} Model`, { exact: true }).count()).toBe(1);

    const listed = await openModelList(page);
    expect(listed.map((entry) => entry.model)).toEqual(await catalogueModels(engine));
    for (const entry of listed) {
      expect(entry.lock).toBe('Register');
      expect(entry.disabled).toBe(true);
    }
    await expect.poll(() => page.getByTestId('model-lock-badge').first().textContent()).toContain('Register');
    await expect.poll(() => modelOptions(page).first().textContent()).toContain('Register for free to unlock this feature.');
    // A locked model cannot be picked.
    await modelOptions(page).first().click({ force: true });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('model-select').inputValue()).toBe('');

    await page.getByTestId('query-input').fill('Which of your models is best?');
    await expect.poll(() => page.getByTestId('ask-button').isDisabled()).toBe(true);
    const notice = page.getByTestId('engine-lock-notice');
    await expect.poll(() => notice.textContent()).toContain(`${name} models need a free account`);
    await expect.poll(() => notice.textContent()).toContain('Register for free to unlock this feature.');
    await expect.poll(() => notice.textContent()).toContain('Ask stays off');
    expect(problems).toEqual([]);
    await close();
  });

  it('asks again once back on an engine with an open model, and the notice offers Sign Up', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl);
    await chooseEngine(page, 'Perplexity');
    await page.getByTestId('engine-lock-sign-up').click();
    await page.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor();
    await page.keyboard.press('Escape');
    await chooseEngine(page, 'OpenAI');
    await expect.poll(() => page.getByTestId('model-select').inputValue()).not.toBe('');
    await expect.poll(() => page.getByTestId('engine-lock-notice').count()).toBe(0);
    await page.getByTestId('query-input').fill('What is a quorum?');
    await expect.poll(() => page.getByTestId('ask-button').isDisabled()).toBe(false);
    await close();
  });

  it('is pictured with the locked list open, on a phone and a desktop, light and dark', async () => {
    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, problems, close } = await openPage(browser, stack.baseUrl, { viewport });
        await page.emulateMedia({ colorScheme });
        await chooseEngine(page, 'DeepSeek');
        await page.getByTestId('engine-lock-notice').waitFor();
        await page.getByTestId('query-input').fill('Which of your models is best?');
        await page.getByTestId('model-select').scrollIntoViewIfNeeded();
        await openModelList(page);
        await saveViewportScreenshot(page, `guest-locked-engine-${colorScheme}`);
        await page.keyboard.press('Escape');
        await saveScreenshot(page, `guest-locked-engine-notice-${colorScheme}`);
        expect(problems).toEqual([]);
        await close();
      }
    }
  });
});

describe('the comparison cap', () => {
  async function openComparison(cookie: string, viewport = DESKTOP_VIEWPORT) {
    const opened = await openPage(browser, stack.baseUrl, { cookie, viewport });
    await opened.page.getByTestId('mode-switch').getByText('Comparison Request', { exact: true }).click();
    await opened.page.getByTestId('comparison-query-input').waitFor();
    return opened;
  }

  const checkedBoxes = (page: Page) =>
    page.getByRole('checkbox', { checked: true }).evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') ?? ''));

  it(`lets Select All tick the first ${MAX_COMPARED_MODELS} models, says why, and refuses one more`, async () => {
    const { page, problems, close } = await openComparison(await registeredCookie());
    const boxes = page.getByRole('checkbox');
    const all = await boxes.evaluateAll((elements) => elements.map((box) => box.getAttribute('aria-label') ?? ''));
    expect(all.length).toBeGreaterThan(MAX_COMPARED_MODELS);

    await page.getByTestId('select-all').click();
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe(`${MAX_COMPARED_MODELS} selected`);
    // The first ten in list order.
    await expect.poll(() => checkedBoxes(page)).toEqual(all.slice(0, MAX_COMPARED_MODELS));
    const message = page.getByTestId('comparison-cap-message');
    await expect.poll(() => message.textContent()).toBe('You can compare at most 10 models at once — the first 10 are selected.');

    // An eleventh box stays unticked, and the message says so.
    const eleventh = page.getByRole('checkbox', { name: all[MAX_COMPARED_MODELS]!, exact: true });
    await eleventh.click();
    await expect.poll(() => eleventh.isChecked()).toBe(false);
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe(`${MAX_COMPARED_MODELS} selected`);
    await expect.poll(() => message.textContent()).toMatch(/^You can compare at most 10 models at once/);

    // Unticking one makes room, and the message goes.
    await page.getByRole('checkbox', { name: all[0]!, exact: true }).uncheck();
    await expect.poll(() => message.count()).toBe(0);
    await eleventh.check();
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe(`${MAX_COMPARED_MODELS} selected`);

    // Ten models are what the server takes: the comparison goes ahead.
    await page.getByTestId('comparison-query-input').fill('Name one prime number.');
    await page.getByTestId('compare-button').click();
    await expect.poll(() => page.getByTestId('comparison-column').count(), { timeout: underLoad(15_000) }).toBe(MAX_COMPARED_MODELS);
    expect(problems).toEqual([]);
    await close();
  });

  it('is pictured with the cap message, on a phone and a desktop, light and dark', async () => {
    const cookie = await registeredCookie();
    for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, problems, close } = await openComparison(cookie, viewport);
        await page.emulateMedia({ colorScheme });
        await page.getByTestId('select-all').click();
        await page.getByTestId('comparison-cap-message').waitFor();
        await page.getByTestId('comparison-cap-message').scrollIntoViewIfNeeded();
        await saveViewportScreenshot(page, `comparison-cap-${colorScheme}`);
        expect(problems).toEqual([]);
        await close();
      }
    }
  });
});
