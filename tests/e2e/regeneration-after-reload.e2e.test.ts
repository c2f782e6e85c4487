import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations, transitionsSettled } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { askComparison, comparisonColumn } from '../support/comparison-page.ts';
import { releaseWhenHeld } from '../support/held-answers.ts';
import type { TestStack } from '../support/test-stack.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';

/**
 * A regeneration is an answer like any other: a reload while it streams must not lose it. The page comes back with
 * the first answer as version 1 and the regeneration as version 2, still streaming, and follows it live to its end,
 * which is what Postgres stored. At 390 and 1440 px, with axe.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

const panelState = (page: Page) => page.getByTestId('answer-panel').getAttribute('data-state');
const answerText = async (page: Page) => (await page.getByTestId('answer').innerText()).replace(/\s+/g, ' ');

/** The newest run of the question (of one model, if named), as stored: its status and, once done, its text. */
async function newestRun(question: string, model?: string): Promise<{ status: string; answer_text: string | null } | undefined> {
  const [run] = await stack.records().execute<{ status: string; answer_text: string | null }[]>(
    `select run.status, run.answer_text from model_runs as run join search_requests as request on request.id = run.request_id
      where request.query = ? and (?::text is null or run.model = ?) order by run.created_at desc limit 1`,
    [question, model ?? null, model ?? null],
  );
  return run;
}

/** Its last words, without markdown, as the page shows them. */
const lastWords = (markdown: string) => markdown.replace(/[*#_`>-]/g, ' ').split(/\s+/).filter(Boolean).slice(-6);

describe('a regeneration and a reload', () => {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    it(`picks a regeneration still streaming up again after a reload, as the answer’s newest version (${viewport.width} px)`, async () => {
      // Each answer to this question waits a third of the way in until the test lets it go on, so the regeneration
      // is certainly still answering across the reload, however slow the machine.
      const gate = viewport === PHONE_VIEWPORT ? 1 : 2;
      const question = `Tell me about lighthouses at ${viewport.width} px [[simulate chunks=60 hold-after=20 gate=${gate}]]`;
      const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport });
      await page.getByTestId('query-input').fill(question);
      await page.getByTestId('ask-button').click();
      await releaseWhenHeld(stack.simulator, gate);
      await expect.poll(() => panelState(page), { timeout: underLoad(30_000) }).toMatch(/^(done|error)$/);
      // Say why, should the first answer fail.
      expect(await panelState(page), await page.getByTestId('answer-panel').innerText()).toBe('done');
      const first = (await newestRun(question))!.answer_text!;

      await page.getByTestId('answer-regenerate').click();
      await expect.poll(async () => (await newestRun(question))?.status, { timeout: underLoad(15_000) }).toBe('running');
      await expect.poll(() => panelState(page), { timeout: underLoad(15_000) }).toBe('streaming');
      await page.reload();
      await page.getByTestId('startup-loader').waitFor({ state: 'detached' });
      // The regeneration was still answering when the page went away.
      expect((await newestRun(question))?.status).toBe('running');

      // Back as version 2 of 2, and followed to its end once it goes on.
      await expect.poll(() => page.getByTestId('version-label').textContent(), { timeout: underLoad(15_000) }).toBe('Version 2 of 2');
      await expect.poll(() => panelState(page)).toBe('streaming');
      await releaseWhenHeld(stack.simulator, gate);
      await expect.poll(() => panelState(page), { timeout: underLoad(30_000) }).toBe('done');
      const regenerated = (await newestRun(question))!;
      expect(regenerated.status).toBe('completed');
      // The last words are drawn a moment after the answer is marked done.
      for (const word of lastWords(regenerated.answer_text!)) await expect.poll(() => answerText(page)).toContain(word);
      await transitionsSettled(page);
      await saveScreenshot(page, 'regeneration-after-reload');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Version 1 is the first answer, put back from the replay.
      await page.getByTestId('version-previous').click();
      await expect.poll(() => page.getByTestId('version-label').textContent()).toBe('Version 1 of 2');
      const firstShown = async () => (await page.getByTestId('column-earlier-version').innerText()).replace(/\s+/g, ' ');
      for (const word of lastWords(first)) await expect.poll(firstShown).toContain(word);

      // Everything has ended: a further reload starts afresh.
      await page.reload();
      await page.getByTestId('startup-loader').waitFor({ state: 'detached' });
      await page.getByTestId('query-input').waitFor();
      await expect.poll(() => page.getByTestId('answer-panel').count()).toBe(0);
      expect(problems).toEqual([]);
      await close();
    }, testLimit(120_000));
  }

  it('picks a comparison column’s regeneration up again after a reload, beside the other columns (1440 px)', async () => {
    const gate = 3;
    const question = `Compare lighthouses and beacons [[simulate chunks=60 hold-after=20 gate=${gate}]]`;
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport: DESKTOP_VIEWPORT });
    await askComparison(page, ['OpenAI - GPT-4o mini', 'Groq - Llama 3.1 8B'], question);
    await releaseWhenHeld(stack.simulator, gate, 2);
    const gpt = comparisonColumn(page, 'gpt-4o-mini');
    const llama = comparisonColumn(page, 'llama-3.1-8b-instant');
    for (const column of [gpt, llama]) await expect.poll(() => column.getAttribute('data-state'), { timeout: underLoad(40_000) }).toBe('done');
    const llamaAnswer = (await newestRun(question, 'llama-3.1-8b-instant'))!.answer_text!;

    await gpt.getByTestId('column-regenerate').click();
    await expect.poll(async () => (await newestRun(question, 'gpt-4o-mini'))?.status, { timeout: underLoad(15_000) }).toBe('running');
    await page.reload();
    await page.getByTestId('startup-loader').waitFor({ state: 'detached' });
    expect((await newestRun(question, 'gpt-4o-mini'))?.status).toBe('running');

    // The regenerated column is back as version 2 of 2 and finishes live; the other column keeps its one answer.
    await expect.poll(() => gpt.getByTestId('version-label').textContent(), { timeout: underLoad(15_000) }).toBe('Version 2 of 2');
    await releaseWhenHeld(stack.simulator, gate);
    await expect.poll(() => gpt.getAttribute('data-state'), { timeout: underLoad(30_000) }).toBe('done');
    const regenerated = (await newestRun(question, 'gpt-4o-mini'))!;
    expect(regenerated.status).toBe('completed');
    const shown = async () => (await gpt.getByTestId('column-answer').innerText()).replace(/\s+/g, ' ');
    for (const word of lastWords(regenerated.answer_text!)) await expect.poll(shown).toContain(word);
    await expect.poll(() => llama.getAttribute('data-state')).toBe('done');
    await expect.poll(() => llama.getByTestId('version-pager').count()).toBe(0);
    const llamaShown = async () => (await llama.getByTestId('column-answer').innerText()).replace(/\s+/g, ' ');
    for (const word of lastWords(llamaAnswer)) await expect.poll(llamaShown).toContain(word);
    await transitionsSettled(page);
    await saveScreenshot(page, 'regeneration-after-reload-comparison');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  }, testLimit(120_000));
});
