import { Redis } from 'ioredis';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openQueue } from '../../core/jobs/queue-catalogue.ts';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot, type OpenedPage } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { arenaPlayer } from '../support/arena-player.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

/** Both widths in both colour schemes, each checked with axe. */
async function pictureAndCheck(page: Page, name: string) {
  // The pointer rests where the last click left it; a hovered link is not what the page looks like.
  await page.mouse.move(0, 0);
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await saveScreenshot(page, `arena-${name}-${colorScheme}`);
      expect(await seriousAccessibilityViolations(page), `${name} ${colorScheme} ${viewport.width}`).toEqual([]);
    }
  }
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The round's models as stored, with their names, in label order: what only the test may know before the vote. */
async function roundModels(): Promise<{ engine: string; model: string; names: string[] }[]> {
  const rows = await stack.records().execute<{ engine: string; model: string }[]>(
    `select run.engine, run.model
       from arena_rounds round, jsonb_array_elements_text(round.run_order) with ordinality as entry (run_id, position)
       join model_runs run on run.id = entry.run_id::uuid
      where round.request_id = (select request_id from arena_rounds order by created_at desc limit 1)
      order by entry.position`,
  );
  return rows.map(({ engine, model }) => {
    const catalogueEngine = stack.app.catalogue.findEngine(engine)!;
    const catalogueModel = stack.app.catalogue.findModel(catalogueEngine, model)!;
    return { engine, model, names: [engine, model, catalogueEngine.name, catalogueModel.name] };
  });
}

/** The round the page asked last. */
async function latestRound(): Promise<string> {
  const [row] = await stack.records().execute<{ request_id: string }[]>(`select request_id from arena_rounds order by created_at desc limit 1`);
  return row!.request_id;
}

describe('the blind arena in the browser', () => {
  let opened: OpenedPage;
  let payer: Awaited<ReturnType<typeof createPayer>>;

  beforeAll(async () => {
    payer = await createPayer(stack.records(), stack.config, 100);
    // A month-old account, so its votes count on the public board in full.
    await arenaPlayer(stack).ageAccount(payer.user.id, 30 * 86_400);
    opened = await openPage(browser, stack.baseUrl, { cookie: payer.cookie });
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('plays a round from question to reveal: labels only until the vote, then names, costs and timings', async () => {
    const { page, problems } = opened;
    await page.getByRole('link', { name: 'Blind arena' }).click();
    await page.getByRole('heading', { level: 1, name: 'Blind arena' }).waitFor();
    await expect.poll(() => page.title()).toBe('Blind arena · Quorum');
    await page.getByTestId('arena-question').fill('How should a beginner practise recursion?');
    await page.getByTestId('arena-category').selectOption('coding');
    await page.getByTestId('arena-count').selectOption('3');
    // The price is said before the round starts.
    await expect.poll(() => page.getByTestId('arena-price').textContent()).toMatch(/^This round costs \d+ to \d+ credits, depending on the models drawn$/);
    await pictureAndCheck(page, 'form');

    await page.getByTestId('arena-start').click();
    await page.getByTestId('vote-panel').waitFor();
    // The question stays above the answers.
    await expect.poll(() => page.getByTestId('arena-round-question-text').textContent()).toBe('How should a beginner practise recursion?');
    await expect.poll(() => page.getByTestId('arena-round-price').textContent()).toMatch(/This round costs .*credits/);
    await expect.poll(() => page.locator('[data-testid="arena-answer"][data-state="done"]').count()).toBe(3);
    await expect.poll(() => page.getByTestId('arena-answer-label').allTextContents()).toEqual(['Model A', 'Model B', 'Model C']);

    // Before the vote nothing on the page names a model: not the cards, not the text (the simulator names itself: masked).
    const models = await roundModels();
    const blindText = (await page.locator('body').innerText()).toLowerCase();
    for (const name of models.flatMap((model) => model.names)) expect(blindText, name).not.toContain(name.toLowerCase());
    expect(blindText).toContain('[hidden]');
    await pictureAndCheck(page, 'voting');

    // A full ranking gives every answer a place; until each has one, the vote cannot be sent.
    await page.getByTestId('vote-mode-ranking').click();
    await expect.poll(() => page.getByTestId('vote-rank').count()).toBe(3);
    await page.getByTestId('vote-rank').first().selectOption('1');
    await expect.poll(() => page.getByTestId('vote-submit').isDisabled()).toBe(true);
    await pictureAndCheck(page, 'ranking');
    await page.getByRole('tab', { name: 'Pick the best' }).click();

    // A reload before voting keeps the round: the same blind answers come back with the vote.
    await page.reload();
    await page.getByTestId('vote-panel').waitFor();
    await expect.poll(() => page.getByTestId('arena-answer-label').allTextContents()).toEqual(['Model A', 'Model B', 'Model C']);
    const reloadedText = (await page.locator('body').innerText()).toLowerCase();
    for (const name of models.flatMap((model) => model.names)) expect(reloadedText, name).not.toContain(name.toLowerCase());

    // The player took the time to read (the reading rule would leave a faster vote out of the board).
    await arenaPlayer(stack).readFor(await latestRound(), 120);
    await page.getByTestId('vote-best-choice').nth(1).click();
    await page.getByTestId('vote-submit').click();
    await page.getByTestId('arena-revealed').waitFor();
    await expect.poll(() => page.getByTestId('arena-revealed-model').allTextContents()).toEqual(models.map((model) => expect.stringContaining(model.names[3]!)));
    await expect.poll(() => page.getByTestId('arena-revealed-facts').first().textContent()).toMatch(/\d+ credits · first word after [\d.]+ s · done in [\d.]+ s/);
    await expect.poll(() => page.getByText('Your pick').count()).toBe(1);
    // A month-old account that took the time to read: the vote counts in full, and the reveal says so.
    await expect.poll(() => page.getByTestId('arena-vote-counted').textContent()).toBe('Your vote counts in full toward the leaderboard.');
    await pictureAndCheck(page, 'revealed');
    expect(problems).toEqual([]);
    // Six pages pictured four ways each: slow when the machine is busy.
  }, testLimit(150_000));

  it('shares the revealed round: the link opens signed out with the answers and their models, and stops once revoked', async () => {
    const { page, problems } = opened;
    await page.getByTestId('share-request').click();
    await page.getByTestId('share-dialog-create').click();
    const url = await page.getByTestId('share-url').inputValue();
    expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{32}$/);
    const models = await roundModels();

    const visitor = await openPage(browser, stack.baseUrl, { path: new URL(url).pathname });
    try {
      await visitor.page.getByTestId('shared-request').waitFor();
      await expect.poll(() => visitor.page.getByTestId('shared-question').textContent()).toBe('How should a beginner practise recursion?');
      const cards = await visitor.page.getByTestId('shared-answer').allTextContents();
      expect(cards).toHaveLength(3);
      for (const model of models) expect(cards.join(' ')).toContain(model.names[3]);
      await pictureAndCheck(visitor.page, 'shared');
      expect(visitor.problems).toEqual([]);

      await page.goto(new URL('/shared-links', stack.baseUrl).toString());
      await expect.poll(() => page.getByTestId('shared-link').count()).toBe(1);
      await pictureAndCheck(page, 'shared-links');
      await page.getByTestId('revoke-link').click();
      await page.getByTestId('shared-links-empty').waitFor();

      await visitor.page.reload();
      await visitor.page.getByTestId('shared-missing').waitFor();
      await expect.poll(() => visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe('This link is not available');
    } finally {
      await visitor.close();
    }
    expect(problems).toEqual([]);
  });

  it('shows the vote on the leaderboard once the scheduled job has run, for everyone and as one’s own', async () => {
    const { page, problems } = opened;
    const connection = new Redis(stack.config.redis.url, { maxRetriesPerRequest: null });
    const queue = openQueue('leaderboards', connection, stack.config.redis.keyPrefix);
    try {
      await queue.add('recompute-leaderboards', {});
      await expect
        .poll(async () => ((await (await fetch(`${stack.baseUrl}/api/leaderboard`)).json()) as { data: { votes: number } }).data.votes, { timeout: underLoad(10_000) })
        .toBe(1);
    } finally {
      await queue.close();
      connection.disconnect();
    }
    await page.getByRole('link', { name: 'Leaderboard' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
    await expect.poll(() => page.getByTestId('leaderboard-row').count()).toBe(3);
    // Style-controlled by default, with its coefficients published.
    await expect.poll(() => page.getByTestId('leaderboard-style').locator('input:checked').inputValue()).toBe('controlled');
    await expect.poll(() => page.getByTestId('style-effect').count()).toBe(4);
    // One vote: the winner first (the minimum of battles is what keeps so few votes off a real board). The two it beat
    // are level only where the fit sees no style: the round's models are drawn at random, and when the two answers it
    // beat differ in length the controlled fit puts part of the win down to that and splits them.
    await expect.poll(() => page.getByTestId('leaderboard-rank').allTextContents()).toEqual(['1', expect.stringMatching(/^[23]/), expect.stringMatching(/^[23]/)]);
    await expect.poll(() => page.getByTestId('leaderboard-updated').textContent()).toBe('Updated just now');
    await page.getByTestId('counting-rules').waitFor();
    await pictureAndCheck(page, 'leaderboard');
    await page.getByTestId('leaderboard-style').getByText('Raw').click();
    await page.getByTestId('style-effects').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('leaderboard-row').count()).toBe(3);
    // Without style in the fit, the two answers the winner beat are level with each other.
    await expect.poll(() => page.getByTestId('leaderboard-rank').allTextContents()).toEqual(['1', '2', '2']);
    await page.getByTestId('leaderboard-category').selectOption('writing');
    await page.getByTestId('leaderboard-empty').waitFor();
    await page.getByTestId('leaderboard-category').selectOption('coding');
    await expect.poll(() => page.getByTestId('leaderboard-row').count()).toBe(3);
    // One's own board opens after 30 votes: one is not enough.
    await page.getByTestId('leaderboard-mine').click();
    await page.getByTestId('leaderboard-locked').waitFor();
    await expect.poll(() => page.getByTestId('leaderboard-locked').textContent()).toContain('Your board opens after 30 votes: you have cast 1.');
    await pictureAndCheck(page, 'leaderboard-locked');
    expect(problems).toEqual([]);
  }, testLimit(120_000));

  it('stops a round while the models answer: nothing is charged, and the models can still be revealed', async () => {
    const { page, problems } = opened;
    const before = await accountLedger(stack.records(), payer.accountId);
    await page.getByRole('link', { name: 'Blind arena' }).click();
    // Held at a gate nobody opens: the answers are still streaming when Stop is pressed, however slow the machine.
    await page.getByTestId('arena-question').fill('Tell me a very long story [[simulate first-token-ms=300 chunks=400 hold-after=20 gate=1]]');
    await page.getByTestId('arena-pick-models').click();
    await page.getByTestId('arena-models').getByRole('checkbox').nth(0).check();
    await page.getByTestId('arena-models').getByRole('checkbox').nth(1).check();
    await page.getByTestId('arena-start').click();
    await page.getByTestId('arena-stop').waitFor();
    await expect.poll(() => page.locator('[data-testid="arena-answer"]').count()).toBe(2);
    await pictureAndCheck(page, 'answering');
    await page.getByTestId('arena-stop').click();
    await page.getByTestId('vote-all-bad').waitFor();
    await expect.poll(() => page.getByTestId('vote-all-bad').textContent()).toBe('Reveal the models');
    await expect.poll(() => page.getByTestId('arena-stop').count()).toBe(0);
    await expect.poll(() => accountLedger(stack.records(), payer.accountId)).toEqual(before);
    await pictureAndCheck(page, 'stopped');
    expect(problems).toEqual([]);
  }, testLimit(120_000));
});
