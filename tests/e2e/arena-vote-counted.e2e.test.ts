import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { arenaPlayer } from '../support/arena-player.ts';
import { createPayer } from '../support/funded-user.ts';
import { underLoad } from '../support/load-scaled-timeout.ts';
import type { TestStack } from '../support/test-stack.ts';

/**
 * The arena's reveal says what the vote counted for, as the server read it: a vote cast faster than the answers could
 * be read does not count (and says why), a week-old account's counts by its age, an unverified email's half, and
 * "all bad" moves nothing. Never "counts toward the leaderboard" for a vote the board leaves out.
 */

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

const DAY = 86_400;

async function latestRound(): Promise<string> {
  const [row] = await stack.records().execute<{ request_id: string }[]>(`select request_id from arena_rounds order by created_at desc limit 1`);
  return row!.request_id;
}

interface Case {
  name: string;
  ageDays: number;
  verified: boolean;
  /** Seconds the player took (as if), or 0 for a vote right after the answers. */
  readSeconds: number;
  question: string;
  vote: 'best' | 'all_bad';
  expected: RegExp;
  reason: string;
}

const CASES: Case[] = [
  {
    name: 'too-fast',
    ageDays: 30,
    verified: true,
    readSeconds: 0,
    // 800 words take a minute at 800 words a minute: a vote right after them is too fast on any machine.
    question: 'Name a prime [[simulate chunks=800]]',
    vote: 'best',
    reason: 'read_too_fast',
    expected: /^Your vote does not count toward the leaderboard: it came [\d.]+ seconds? after the question, sooner than the shortest answer takes to read \(\d+ seconds at 800 words a minute\)\.$/,
  },
  {
    name: 'young-account',
    ageDays: 7,
    verified: true,
    readSeconds: 120,
    question: 'Tea or coffee?',
    vote: 'best',
    reason: 'new_account',
    expected: /^Your vote counts as 50% of a full vote on the leaderboard: your account is 7 days old, and votes count fully from 14 days\.$/,
  },
  {
    name: 'unverified',
    ageDays: 30,
    verified: false,
    readSeconds: 120,
    question: 'Up or down?',
    vote: 'best',
    reason: 'unverified_email',
    expected: /^Your vote counts as 50% of a full vote on the leaderboard: votes count half until the account's email address is verified\.$/,
  },
  {
    name: 'all-bad',
    ageDays: 30,
    verified: true,
    readSeconds: 120,
    question: 'Left or right?',
    vote: 'all_bad',
    reason: 'all_bad',
    expected: /^You found them all wanting; that vote does not move the leaderboard\.$/,
  },
];

async function pictured(page: Page, name: string) {
  await page.mouse.move(0, 0);
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(colorScheme);
      await saveScreenshot(page, `arena-vote-counted-${name}-${colorScheme}`);
      expect(await seriousAccessibilityViolations(page), `${name} ${colorScheme} ${viewport.width}`).toEqual([]);
    }
  }
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('what the reveal says the vote counted for', () => {
  it.each(CASES)('$name', { timeout: underLoad(120_000) }, async (testCase) => {
    const payer = await createPayer(stack.records(), stack.config, 100);
    await arenaPlayer(stack).ageAccount(payer.user.id, testCase.ageDays * DAY);
    if (!testCase.verified) await stack.records().execute(`update users set email_verified = false where id = ?`, [payer.user.id]);
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: payer.cookie, path: '/arena' });
    try {
      page.setDefaultTimeout(underLoad(30_000));
      await page.getByTestId('arena-question').fill(testCase.question);
      await page.getByTestId('arena-count').selectOption('2');
      await page.getByTestId('arena-start').click();
      await page.getByTestId('vote-panel').waitFor();
      await expect.poll(() => page.locator('[data-testid="arena-answer"][data-state="done"]').count(), { timeout: underLoad(30_000) }).toBe(2);
      if (testCase.readSeconds > 0) await arenaPlayer(stack).readFor(await latestRound(), testCase.readSeconds);
      if (testCase.vote === 'all_bad') await page.getByTestId('vote-all-bad').click();
      else {
        await page.getByTestId('vote-best-choice').first().click();
        await page.getByTestId('vote-submit').click();
      }
      const counted = page.getByTestId('arena-vote-counted');
      await counted.waitFor();
      await expect.poll(() => counted.getAttribute('data-reason')).toBe(testCase.reason);
      await expect.poll(() => counted.textContent()).toMatch(testCase.expected);
      // Never the old blanket sentence for a vote the board leaves out or weighs down.
      await expect.poll(() => counted.textContent()).not.toBe('Your vote counts toward the leaderboard.');
      if (testCase.name === 'too-fast' || testCase.name === 'young-account') await pictured(page, testCase.name);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
