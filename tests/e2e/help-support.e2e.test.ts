import type { Browser, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_SUBJECTS } from '../../contract/support.ts';
import { SupportRequest } from '../../core/database/entities/support-request.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot, saveViewportScreenshot, type OpenedPage } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';
import type { TestStack } from '../support/test-stack.ts';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { testLimit } from '../support/load-scaled-timeout.ts';

const SUPPORT_ADDRESS = 'help-desk@quorum.test';
let browser: Browser;
let stack: TestStack;
let mail: MailCatcher;

// The mail catcher starts first, since the stack's environment names its address; it closes after the stack stops.
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail?.close();
});

// The documented limit, 5 an hour: every request in this file comes from 127.0.0.1, and the last test meets it.
browserStackForFile(
  (started) => ({ browser, stack } = started),
  () => ({
    withWorker: false,
    environment: { SMTP_URL: mail.url, SUPPORT_EMAIL: SUPPORT_ADDRESS, AUTH_RATE_LIMIT_SCALE: '1' },
  }),
);

const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
/** The browser's own note about a status the test provoked (the 429) is expected; anything else is a fault. */
const unexpected = (problems: string[]) => problems.filter((problem) => !problem.startsWith('Failed to load resource'));

const field = (page: Page, name: string) => page.getByTestId(`support-${name}`);
const submitButton = (page: Page) => field(page, 'submit');
/** The description's field with its label, hint or error. */
const descriptionBlock = (page: Page) => page.locator('.mantine-InputWrapper-root', { has: field(page, 'description') });

const seriousViolations = seriousAccessibilityViolations;

async function fillRequired(page: Page, values: { name?: string; email?: string; title: string; description: string }) {
  if (values.name !== undefined) await field(page, 'name').fill(values.name);
  if (values.email !== undefined) await field(page, 'email').fill(values.email);
  await field(page, 'subject').selectOption('Technical Issue');
  await field(page, 'title').fill(values.title);
  await field(page, 'description').fill(values.description);
}

/** Every width and colour scheme the product is checked at. */
async function pictureAll(page: Page, name: string) {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await saveScreenshot(page, `help-support-${name}-${colorScheme}`);
    }
  }
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('the Help & Support page', () => {
  let opened: OpenedPage;

  beforeAll(async () => {
    opened = await openPage(browser, stack.baseUrl, { path: '/help-support' });
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('shows the form, the support address, the FAQ and its structured data, without problems', async () => {
    const { page, problems } = opened;
    await page.getByRole('heading', { level: 1, name: 'Help & Support' }).waitFor();
    await expect.poll(() => page.title()).toBe('Help & Support · Quorum');
    // This server's address, from GET /api/site.
    await expect.poll(() => field(page, 'address').textContent()).toBe(SUPPORT_ADDRESS);
    await expect.poll(() => field(page, 'address').getAttribute('href')).toBe(`mailto:${SUPPORT_ADDRESS}`);
    const categories = ['General Inquiry', 'Technical Issue', 'Billing Question', 'Account Problem', 'Feature Request', 'Bug Report'];
    expect([...SUPPORT_SUBJECTS]).toEqual(categories);
    await expect.poll(() => field(page, 'subject').locator('option:not([disabled])').allTextContents()).toEqual(categories);
    // id = label: what is sent is the text shown.
    expect(await field(page, 'subject').locator('option:not([disabled])').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).toEqual(categories);

    const questions = await page.getByTestId('support-faq').locator('.mantine-Accordion-control').allTextContents();
    expect(questions).toEqual(['How do credits work?', 'Which AI models are available?', 'What does web search do?', 'How does model comparison work?']);
    await page.getByRole('button', { name: 'How do credits work?' }).click();
    await expect.poll(() => page.getByText(/Visitors start with 20 free credits/).isVisible()).toBe(true);
    // The catalogue's numbers arrive with it: the models answer names a count once it has loaded.
    await expect.poll(() => page.locator('[data-testid="support-faq-structured-data"]').textContent()).toMatch(/Right now Quorum offers \d+ models/);

    const structured = JSON.parse((await page.getByTestId('support-faq-structured-data').textContent()) ?? '') as {
      '@type': string;
      mainEntity: { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[];
    };
    expect(structured['@type']).toBe('FAQPage');
    expect(structured.mainEntity.map((entry) => entry.name)).toEqual(questions);
    expect(structured.mainEntity.every((entry) => entry['@type'] === 'Question' && entry.acceptedAnswer.text.length > 50)).toBe(true);
    await expect.poll(() => page.getByTestId('support-faq-structured-data').getAttribute('type')).toBe('application/ld+json');

    await pictureAll(page, 'form');
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    // No content security policy report, no error of any kind.
    expect(problems).toEqual([]);
  });

  it('explains the description rule, counts characters, and enables Submit only when everything is there', async () => {
    const { page } = opened;
    const description = descriptionBlock(page);
    await expect.poll(() => submitButton(page).isDisabled()).toBe(true);
    await expect.poll(() => description.textContent()).toContain('Minimum 10 characters required');
    await expect.poll(() => field(page, 'counter').textContent()).toBe('0/2000');
    // Room for a few lines of text, not a one-line input.
    expect((await field(page, 'description').boundingBox())!.height).toBeGreaterThan(100);

    await fillRequired(page, { name: 'Grace Hopper', email: uniqueEmail('grace'), title: 'Columns stop', description: 'too short' });
    await expect.poll(() => description.textContent()).toContain('Description must be at least 10 characters long');
    await expect.poll(() => description.textContent()).not.toContain('Minimum 10 characters required');
    await expect.poll(() => field(page, 'description').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => field(page, 'counter').textContent()).toBe('9/2000');
    await expect.poll(() => submitButton(page).isDisabled()).toBe(true);
    await pictureAll(page, 'validation');
    expect(await seriousViolations(page)).toEqual([]);

    await field(page, 'description').fill('long enough now');
    await expect.poll(() => description.textContent()).toContain('Minimum 10 characters required');
    await expect.poll(() => description.textContent()).not.toContain('at least 10 characters long');
    await expect.poll(() => submitButton(page).isDisabled()).toBe(false);

    // Each required field, emptied, disables Submit again.
    for (const name of ['name', 'email', 'title']) {
      const before = await field(page, name).inputValue();
      await field(page, name).fill('  ');
      await expect.poll(() => submitButton(page).isDisabled()).toBe(true);
      await field(page, name).fill(before);
      await expect.poll(() => submitButton(page).isDisabled()).toBe(false);
    }

    // The counter shows what is over the limit rather than cutting the text.
    await field(page, 'description').fill('x'.repeat(2005));
    await expect.poll(() => field(page, 'counter').textContent()).toBe('2005/2000');
    expect((await field(page, 'description').inputValue()).length).toBe(2005);
  });

  it('sends the request, says "Submitting...", thanks the sender, mails the team and resets the form', async () => {
    const { page, problems } = opened;
    const email = uniqueEmail('grace');
    await page.reload();
    await fillRequired(page, {
      name: 'Grace Hopper',
      email,
      title: 'The third column stops',
      description: 'After the third model the columns stop updating until I reload the page.',
    });
    // Held briefly on its way to the real server, so the in-flight state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/support', async (route) => {
      await held;
      await route.continue();
    });
    await submitButton(page).click();
    await expect.poll(() => submitButton(page).textContent()).toBe('Submitting...');
    await expect.poll(() => submitButton(page).isDisabled()).toBe(true);
    await expect.poll(() => submitButton(page).locator('.mantine-Loader-root').count()).toBe(1);
    release();

    await field(page, 'success').waitFor();
    await expect.poll(() => field(page, 'success').textContent()).toBe(
      "Request Submitted!Thank you for contacting us. We've received your support request and will respond within 24 hours.",
    );
    await expect.poll(() => submitButton(page).textContent()).toBe('Submit');
    for (const name of ['name', 'email', 'title', 'description']) await expect.poll(() => field(page, name).inputValue()).toBe('');
    await expect.poll(() => field(page, 'subject').inputValue()).toBe('');
    await page.unroute('**/api/support');

    await expect.poll(() => mail.messages.some((message) => message.to === SUPPORT_ADDRESS && message.replyTo === email)).toBe(true);
    const toTeam = mail.messages.find((message) => message.to === SUPPORT_ADDRESS && message.replyTo === email)!;
    expect(toTeam.subject).toBe('[Support] Technical Issue: The third column stops');
    expect(toTeam.text).toContain('After the third model the columns stop updating');
    expect((await mail.next(email)).text).toContain('within 24 hours');

    await pictureAll(page, 'success');
    expect(await seriousViolations(page)).toEqual([]);

    // Editing any field clears the message.
    await field(page, 'title').fill('x');
    await expect.poll(() => field(page, 'success').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('shows the server’s own message in the success banner, and the default when it sends none', async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, { path: '/help-support' });
    for (const [message, shown] of [
      ['Thanks! Ticket 42 is open.', 'Thanks! Ticket 42 is open.'],
      ['', 'Support request submitted successfully! We will get back to you soon.'],
    ] as const) {
      await page.route('**/api/support', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, data: { message }, error: null }) }),
      );
      await page.reload();
      await field(page, 'name').waitFor();
      await fillRequired(page, { name: 'Ada', email: uniqueEmail('ada'), title: 'A question', description: 'Which models answer fastest?' });
      await submitButton(page).click();
      await field(page, 'success').waitFor();
      await expect.poll(() => field(page, 'success').textContent()).toBe(`Request Submitted!${shown}`);
      await page.unroute('**/api/support');
    }
    await close();
  }, testLimit(60_000));
});

describe('signed in', () => {
  it('fills in the name and address, and keeps them after sending', async () => {
    const session = await fetch(`${stack.baseUrl}/api/auth?action=session`, { headers: { cookie: stack.fundedCookie } });
    const user = ((await session.json()) as { data: { user: { id: string; name: string; email: string } } }).data.user;
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { path: '/help-support', cookie: stack.fundedCookie, viewport: PHONE_VIEWPORT });
    await expect.poll(() => field(page, 'email').inputValue()).toBe(user.email);
    await expect.poll(() => field(page, 'name').inputValue()).toBe(user.name);

    await fillRequired(page, { title: 'Invoice for last month', description: 'Could you send me an invoice for my last purchase?' });
    await submitButton(page).click();
    await field(page, 'success').waitFor();
    await expect.poll(() => field(page, 'name').inputValue()).toBe(user.name);
    await expect.poll(() => field(page, 'email').inputValue()).toBe(user.email);
    await expect.poll(() => field(page, 'title').inputValue()).toBe('');
    await expect.poll(() => field(page, 'description').inputValue()).toBe('');

    const stored = await stack.records().findOneOrFail(SupportRequest, { title: 'Invoice for last month' }, { populate: ['user'] });
    expect(stored.user?.id).toBe(user.id);
    expect(problems).toEqual([]);
    await close();
  });
});

/** The box lies wholly in the window, below the fixed top bar. */
async function inView(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const topBar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    return box.height > 0 && box.top >= topBar && box.bottom <= window.innerHeight;
  });
}

describe('on a phone', () => {
  it('brings the success message into view after sending, where the sender is looking, light and dark', async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { path: '/help-support', viewport: PHONE_VIEWPORT });
    await fillRequired(page, { name: 'Ada Lovelace', email: uniqueEmail('ada'), title: 'Sent from my phone', description: 'Does the success message show where I am?' });
    // Scrolled down to read the description over before sending, Submit in the middle of the screen: the top of the
    // form, where the message appears, is out of view.
    await submitButton(page).evaluate((button) => button.scrollIntoView({ block: 'center', behavior: 'instant' }));
    expect(await page.getByTestId('support-form').evaluate((form) => form.getBoundingClientRect().top)).toBeLessThan(0);
    await submitButton(page).click();
    await field(page, 'success').waitFor();
    await expect.poll(() => inView(page, 'support-success')).toBe(true);
    // The focus goes with it, so a screen reader or the keyboard goes on from the message.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('support-success');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await transitionsSettled(page);
      expect(await seriousViolations(page), colorScheme).toEqual([]);
      await saveViewportScreenshot(page, `help-support-phone-success-${colorScheme}`);
    }
    expect(problems).toEqual([]);
    await close();
  });
});

describe('a refused request', () => {
  it('shows the server’s reason once the hourly limit is reached, and clears it on the next edit', async () => {
    // Three requests already went through from this address; use up the rest of the five.
    const body = { name: 'Filler', email: uniqueEmail('filler'), subject: 'General Inquiry', title: 'Filler', description: 'Using up the allowance.' };
    let status = 200;
    while (status === 200) {
      status = (await fetch(`${stack.baseUrl}/api/support`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status;
    }
    expect(status).toBe(429);

    const { page, problems, close } = await openPage(browser, stack.baseUrl, { path: '/help-support' });
    await fillRequired(page, { name: 'Ada', email: uniqueEmail('ada'), title: 'Too many', description: 'One request too many for this hour.' });
    await submitButton(page).click();
    await field(page, 'failure').waitFor();
    await expect.poll(() => field(page, 'failure').textContent()).toBe('Rate limit exceeded. Please try again later.');
    // What was typed stays, to be sent later.
    await expect.poll(() => field(page, 'title').inputValue()).toBe('Too many');
    await expect.poll(() => submitButton(page).isDisabled()).toBe(false);
    await saveScreenshot(page, 'help-support-failure');

    await field(page, 'description').fill('One request too many for this hour, edited.');
    await expect.poll(() => field(page, 'failure').count()).toBe(0);
    expect(unexpected(problems)).toEqual([]);
    await close();
  });
});
