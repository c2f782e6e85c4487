import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HistoryList } from '../../contract/history.ts';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { orSayWhatWasSeen } from '../support/eventually.ts';
import { createPayer } from '../support/funded-user.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';
import { postSearchStream, SEARCH_BODY } from '../support/search-stream-client.ts';
import { openSidebar } from '../support/sidebar-drawer.ts';
import type { TestStack } from '../support/test-stack.ts';

/**
 * A conversation in the history, as a person meets it at 390 and 1440 px, light and dark: ask, follow up twice, and
 * the history holds one entry for it (its first question, "3 turns"), whose details show the three turns in order;
 * Continue brings the whole thread back in the workspace at its last turn, so the next follow-up is its fourth turn.
 * A single answer's details are named after its model, never "Request Comparison"; a comparison's keep that title
 * with its model count.
 */

const QUESTIONS = ['Where do glaciers form?', 'Why do they move?', 'How fast do they melt?', 'What happens to the sea?'];
const LONE = 'What is a moraine?';
const COMPARED = 'Name two ice ages.';

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

async function historyOf(cookie: string): Promise<HistoryList> {
  const response = await fetch(`${stack.baseUrl}/api/user-requests`, { headers: { cookie } });
  return ((await response.json()) as { data: HistoryList }).data;
}

async function ask(page: Page, question: string): Promise<void> {
  await page.getByTestId('query-input').fill(question);
  await page.getByTestId('ask-button').click();
  await answered(page, question, 0);
}

async function followUp(page: Page, question: string, earlier: number): Promise<void> {
  await page.getByTestId('follow-up-input').fill(question);
  await page.getByTestId('follow-up-button').click();
  await answered(page, question, earlier);
}

/** The single answer to `question` is finished, with `earlier` questions of its thread above it. */
async function answered(page: Page, question: string, earlier: number): Promise<void> {
  const panel = page.getByTestId('answer-panel');
  await orSayWhatWasSeen(
    expect
      .poll(
        async () => {
          const current = earlier === 0 ? question : await page.getByTestId('column-current-question').innerText().catch(() => '');
          return [current, await page.getByTestId('column-thread-question').count(), await panel.getAttribute('data-state')];
        },
        { timeout: underLoad(20_000) },
      )
      .toEqual([question, earlier, 'done']),
    `"${question}" was not answered`,
    // Once the answer panel never came after Ask on a quiet machine: say whether the question was sent and refused.
    async () => ({
      panels: await panel.count(),
      askButton: await page.getByTestId('ask-button').textContent({ timeout: 1_000 }).catch(() => null),
      alerts: await page.getByRole('alert').allInnerTexts(),
      path: new URL(page.url()).pathname,
    }),
  );
}

/** The sidebar's entries, the drawer opened first on a phone, once the first has loaded. */
async function recentRequests(page: Page): Promise<Locator> {
  await openSidebar(page);
  const list = page.getByTestId('recent-requests');
  await list.getByTestId('recent-request').first().waitFor({ timeout: underLoad(15_000) });
  return list;
}

const entry = (page: Page, question: string) => page.getByTestId('recent-request').filter({ has: page.getByTestId('request-query').getByText(question, { exact: true }) });

async function openDetails(page: Page, question: string): Promise<Locator> {
  await recentRequests(page);
  await entry(page, question).click();
  const modal = page.getByTestId('request-details-modal');
  await modal.getByRole('dialog').waitFor({ state: 'visible' });
  return modal;
}

async function closeDetails(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByTestId('request-details-modal').getByRole('dialog').waitFor({ state: 'detached' });
}

/** Axe and a screenshot in both schemes, back to light after. */
async function inBothSchemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(colorScheme);
    expect(await seriousAccessibilityViolations(page), `${name} ${colorScheme}`).toEqual([]);
    await saveViewportScreenshot(page, `${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe.each([PHONE_VIEWPORT, DESKTOP_VIEWPORT])('a conversation in the history at $width px', (viewport) => {
  it('is one entry; its details show every turn; Continue restores the thread at its last turn, so the next question is turn 4', async () => {
    const payer = await createPayer(stack.records(), stack.config, 150);
    // A lone question and a comparison, asked before: their details are titled by what they are.
    expect((await postSearchStream(stack.baseUrl, { ...SEARCH_BODY, query: LONE }, { headers: { cookie: payer.cookie } })).events.at(-1)?.event).toBe('end');
    const comparison = await postSearchStream(
      stack.baseUrl,
      { query: COMPARED, models: [{ engine: 'openai', model: 'gpt-4o-mini' }, { engine: 'deepseek', model: 'deepseek-chat' }] },
      { path: '/api/compare/stream', headers: { cookie: payer.cookie } },
    );
    expect(comparison.events.at(-1)?.event).toBe('all_complete');

    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: payer.cookie, viewport });
    page.setDefaultTimeout(underLoad(15_000));
    await ask(page, QUESTIONS[0]!);
    await followUp(page, QUESTIONS[1]!, 1);
    await followUp(page, QUESTIONS[2]!, 2);

    // One entry for the conversation, titled by its first question, with its turn count; never one per turn.
    const list = await recentRequests(page);
    await expect.poll(() => entry(page, QUESTIONS[0]!).getByTestId('request-turn-count').textContent().catch(() => null), { timeout: underLoad(15_000) }).toBe('3 turns');
    await expect.poll(() => list.getByTestId('recent-request').count()).toBe(3);
    for (const later of QUESTIONS.slice(1, 3)) await expect.poll(() => entry(page, later).count()).toBe(0);
    await expect.poll(() => entry(page, QUESTIONS[0]!).getByTestId('request-credits').textContent()).toBe('18 credits');
    // The conversation was the last thing asked in: it heads the list.
    await expect.poll(() => list.getByTestId('recent-request').first().getByTestId('request-query').textContent()).toBe(QUESTIONS[0]);
    await inBothSchemes(page, 'conversation-sidebar');
    // Reloaded, the workspace is empty: whatever Continue shows comes back from the history.
    await page.reload();
    await page.getByTestId('startup-loader').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('answer-panel').count()).toBe(0);

    const modal = await openDetails(page, QUESTIONS[0]!);
    await expect.poll(() => modal.getByTestId('request-details-title').textContent()).toBe('Conversation with GPT-4o mini');
    await expect.poll(() => modal.getByTestId('request-details-turns').textContent()).toBe('3 turns');
    await expect.poll(() => modal.getByText('Request Comparison').count()).toBe(0);
    const turns = modal.getByTestId('conversation-turn');
    await expect.poll(() => turns.count()).toBe(3);
    await expect.poll(() => turns.getByTestId('conversation-turn-heading').allTextContents()).toEqual(['Turn 1 of 3', 'Turn 2 of 3', 'Turn 3 of 3']);
    await expect.poll(() => turns.getByTestId('request-query').allTextContents()).toEqual(QUESTIONS.slice(0, 3));
    for (const turn of await turns.all()) expect(((await turn.getByTestId('request-answer').textContent()) ?? '').length).toBeGreaterThan(20);
    await expect.poll(() => turns.nth(1).getByTestId('request-follow-up-note').textContent()).toContain('A follow-up in a conversation');
    await inBothSchemes(page, 'conversation-details');

    await modal.getByTestId('continue-button').click();
    await modal.getByRole('dialog').waitFor({ state: 'detached' });
    // The whole thread, at its last turn, ready for a follow-up.
    await expect
      .poll(async () => [await page.getByTestId('column-thread-question').allTextContents(), await page.getByTestId('column-current-question').textContent().catch(() => null)], {
        timeout: underLoad(15_000),
      })
      .toEqual([QUESTIONS.slice(0, 2), QUESTIONS[2]]);
    await expect.poll(() => page.getByTestId('answer-panel').getAttribute('data-state')).toBe('done');
    await page.getByTestId('follow-up-form').waitFor();
    await page.getByTestId('column-current-question').scrollIntoViewIfNeeded();
    await inBothSchemes(page, 'conversation-continued');

    await followUp(page, QUESTIONS[3]!, 3);
    await expect.poll(() => page.getByTestId('column-thread-question').allTextContents()).toEqual(QUESTIONS.slice(0, 3));
    // The new question is the conversation's fourth turn, following up the third, and the history still lists it once.
    await expect.poll(async () => (await historyOf(payer.cookie)).requests.find((item) => item.query === QUESTIONS[0])?.turnCount).toBe(4);
    const conversation = (await historyOf(payer.cookie)).requests.find((item) => item.query === QUESTIONS[0])!;
    expect(conversation.turns.map((turn) => turn.query)).toEqual(QUESTIONS);
    expect(conversation.turns[3]!.followUpOf).toBe(conversation.turns[2]!.id);
    expect((await historyOf(payer.cookie)).total).toBe(3);

    // A single answer's details are named after its model; a comparison's keep their title with the model count.
    const lone = await openDetails(page, LONE);
    await expect.poll(() => lone.getByTestId('request-details-title').textContent()).toBe('Answer from GPT-4o mini');
    await expect.poll(() => lone.getByRole('dialog', { name: 'Answer from GPT-4o mini' }).count()).toBe(1);
    await expect.poll(() => lone.getByText(/Request Comparison|^Single$/).count()).toBe(0);
    await expect.poll(() => lone.getByTestId('conversation-turn').count()).toBe(0);
    await inBothSchemes(page, 'conversation-single-details');
    await closeDetails(page);
    const compared = await openDetails(page, COMPARED);
    await expect.poll(() => compared.getByTestId('request-details-title').textContent()).toBe('Request Comparison');
    await expect.poll(() => compared.getByTestId('request-details-models').textContent()).toBe('2 models');
    await closeDetails(page);

    expect(problems).toEqual([]);
    await close();
  }, testLimit(180_000));
});
