import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/accessibility-check.ts';
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, saveViewportScreenshot } from '../support/browser-page.ts';
import { browserStackForFile } from '../support/browser-stack.ts';
import { COMPARED_MODEL_IDS, comparisonColumn, startComparison } from '../support/comparison-page.ts';
import { testLimit, underLoad } from '../support/load-scaled-timeout.ts';
import type { TestStack } from '../support/test-stack.ts';

/**
 * Nothing lies over an answer, by geometry, at 390, 768 and 1440 px, in every layout of the comparison workspace:
 * side by side (a swipe row on a phone), one column widened to the whole row, tabs, and the focus view. For every
 * card, before and after scrolling inside the card and the page: its header and the visible part of the answer's
 * first paragraph do not intersect; where the answer scrolls in a box of its own, the header never lies over that
 * box; and a header that sticks sits below the top bar (and the tab strip), never under them.
 */

const TABLET_VIEWPORT = { width: 768, height: 1024 };
// Long answers (a page and more), written quickly.
const QUESTION = 'Tell the long story of bridges [[simulate chunks=600]]';

let browser: Browser;
let stack: TestStack;

browserStackForFile((started) => ({ browser, stack } = started));

type Box = { top: number; bottom: number; left: number; right: number };

interface CardGeometry {
  model: string;
  header: Box;
  /** The answer's box, and whether it scrolls by itself (side by side) or reads down the page. */
  answer: Box;
  answerScrolls: boolean;
  /** The part of the first paragraph that can be seen: clipped by the answer's box and the screen. */
  firstParagraph: Box | null;
  headerSticks: boolean;
}

interface Geometry {
  topBar: Box;
  strip: Box | null;
  cards: CardGeometry[];
}

/** What the page shows now, measured in the page: every card in view of the workspace (or the focus view). */
function measure(page: Page, focusView: boolean): Promise<Geometry> {
  return page.evaluate((inFocus) => {
    const box = (rect: DOMRect): Box => ({ top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right });
    const clip = (a: Box, b: Box): Box | null => {
      const clipped = { top: Math.max(a.top, b.top), bottom: Math.min(a.bottom, b.bottom), left: Math.max(a.left, b.left), right: Math.min(a.right, b.right) };
      return clipped.bottom - clipped.top > 0.5 && clipped.right - clipped.left > 0.5 ? clipped : null;
    };
    // Up and down only: a phone's swipe row keeps its other cards beside the screen, to be swiped to.
    const screen: Box = { top: 0, bottom: window.innerHeight, left: -1e6, right: 1e6 };
    const firstBlock = (answer: Element) => answer.querySelector('p, li, h1, h2, h3, h4, pre, table, blockquote');
    const topBar = box(document.querySelector('header')!.getBoundingClientRect());
    const strip = document.querySelector('[data-testid="column-tabs"]');
    if (inFocus) {
      const dialog = document.querySelector('[data-testid="focus-view"] .mantine-Modal-content')!;
      const header = dialog.querySelector('.mantine-Modal-header')!;
      const answer = dialog.querySelector('[data-testid="focus-answer"] [role="group"]')!;
      const dialogBox = box(dialog.getBoundingClientRect());
      const first = firstBlock(answer);
      const inDialog = first ? clip(box(first.getBoundingClientRect()), dialogBox) : null;
      return {
        topBar,
        strip: null,
        cards: [
          {
            model: dialog.querySelector('[data-testid="focus-answer"]')!.getAttribute('data-model')!,
            header: box(header.getBoundingClientRect()),
            answer: box(answer.getBoundingClientRect()),
            answerScrolls: false,
            firstParagraph: inDialog ? clip(inDialog, screen) : null,
            // The dialog lies above the top bar: the bar cannot cover its header.
            headerSticks: false,
          },
        ],
      };
    }
    const cards = [...document.querySelectorAll('[data-testid="comparison-column"]')].filter((card) => getComputedStyle(card).display !== 'none');
    return {
      topBar,
      strip: strip ? box(strip.getBoundingClientRect()) : null,
      cards: cards.map((card) => {
        const header = card.querySelector('[data-testid="column-header"]')!;
        const answer = card.querySelector('[data-testid="column-scroll"]')!;
        const answerBox = box(answer.getBoundingClientRect());
        const scrolls = getComputedStyle(answer).overflowY !== 'visible' && answer.scrollHeight > answer.clientHeight;
        const first = firstBlock(answer);
        const firstBox = first ? box(first.getBoundingClientRect()) : null;
        // A paragraph scrolled out of its own box is not there to be covered; one off the screen is not seen.
        const seen = firstBox && (scrolls ? clip(firstBox, answerBox) : firstBox);
        return {
          model: card.getAttribute('data-model')!,
          header: box(header.getBoundingClientRect()),
          answer: answerBox,
          answerScrolls: scrolls,
          firstParagraph: seen ? clip(seen, screen) : null,
          headerSticks: getComputedStyle(header).position === 'sticky',
        };
      }),
    };
  }, focusView);
}

const overlaps = (a: Box | null, b: Box | null) => a !== null && b !== null && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5 && a.left < b.right - 0.5 && b.left < a.right - 0.5;

/** Every problem the geometry shows, in words (empty: nothing lies over an answer). */
function problemsIn(geometry: Geometry, where: string): string[] {
  const problems: string[] = [];
  for (const card of geometry.cards) {
    const name = `${where}, ${card.model}`;
    if (overlaps(card.header, card.firstParagraph)) problems.push(`${name}: the header (${card.header.top}–${card.header.bottom}) covers the first paragraph (${card.firstParagraph!.top}–${card.firstParagraph!.bottom})`);
    // A header lying over a box that scrolls by itself hides lines that no scrolling of the box brings out.
    if (card.answerScrolls && card.header.bottom > card.answer.top + 0.5) problems.push(`${name}: the header (bottom ${card.header.bottom}) lies over the answer's box (top ${card.answer.top})`);
    const onScreen = card.header.bottom > geometry.topBar.bottom + 0.5;
    if (card.headerSticks && onScreen && card.header.top < geometry.topBar.bottom - 0.5) problems.push(`${name}: the top bar covers the stuck header (top ${card.header.top})`);
    if (card.headerSticks && geometry.strip && onScreen && card.header.top < geometry.strip.bottom - 0.5) problems.push(`${name}: the tab strip covers the stuck header (top ${card.header.top})`);
  }
  if (geometry.strip && geometry.strip.top < geometry.topBar.bottom - 0.5) problems.push(`${where}: the top bar covers the tab strip`);
  return problems;
}

/** Scrolls the page so the workspace (its tab strip, if any) starts just below the top bar: where a person reads it from. */
async function workspaceInView(page: Page): Promise<void> {
  await page.evaluate(() => {
    const workspace = document.querySelector('[data-workspace]')!;
    const topBar = document.querySelector('header')!.getBoundingClientRect().bottom;
    window.scrollBy({ top: workspace.getBoundingClientRect().top - topBar - 8, behavior: 'instant' });
  });
}

const frames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** The checks at rest, after scrolling inside each card's answer, and after scrolling the page on by `pageSteps`. */
async function checkEverywhere(page: Page, where: string, pageSteps: readonly number[]): Promise<string[]> {
  const problems: string[] = [];
  // Every answer drawn as paragraphs (the markdown renderer arrives on demand, later on a busy machine) before the
  // page is put in place and measured.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="comparison-column"]')]
          .filter((card) => getComputedStyle(card).display !== 'none')
          .every((card) => card.querySelector('[data-testid="column-scroll"] :is(p, li, h1, h2, h3, h4, pre, table, blockquote)') !== null),
      ),
    )
    .toBe(true);
  await workspaceInView(page);
  await frames(page);
  // At rest the first paragraph of every card that starts on the screen is there to be read. "At rest" is once the
  // layout has settled: a loaded machine may draw a just-switched row a few frames late.
  const height = page.viewportSize()!.height;
  let atRest = await measure(page, false);
  await expect
    .poll(async () => {
      atRest = await measure(page, false);
      return atRest.cards.filter((card) => card.header.top < height && card.firstParagraph === null).map((card) => card.model);
    }, { message: `${where} at rest: cards on screen whose first paragraph cannot be read` })
    .toEqual([]);
  expect(atRest.cards.length).toBeGreaterThan(0);
  problems.push(...problemsIn(atRest, `${where} at rest`));

  await page.evaluate(() => document.querySelectorAll('[data-testid="column-scroll"]').forEach((answer) => answer.scrollTo({ top: 40, behavior: 'instant' })));
  await frames(page);
  problems.push(...problemsIn(await measure(page, false), `${where}, each answer scrolled 40 px`));
  await page.evaluate(() => document.querySelectorAll('[data-testid="column-scroll"]').forEach((answer) => answer.scrollTo({ top: 0, behavior: 'instant' })));

  for (const step of pageSteps) {
    await workspaceInView(page);
    await page.evaluate((by) => window.scrollBy({ top: by, behavior: 'instant' }), step);
    await frames(page);
    problems.push(...problemsIn(await measure(page, false), `${where}, page scrolled ${step} px on`));
  }
  await workspaceInView(page);
  return problems;
}

async function pictured(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(colorScheme);
    expect(await seriousAccessibilityViolations(page), `${name} ${colorScheme}`).toEqual([]);
    await saveViewportScreenshot(page, `${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const chooseLayout = async (page: Page, layout: 'Columns' | 'Tabs') => {
  await page.getByTestId('layout-switch').getByText(layout, { exact: true }).click();
  await expect.poll(() => page.getByTestId('comparison-grid').getAttribute('data-layout')).toBe(layout.toLowerCase());
};

describe.each([PHONE_VIEWPORT, TABLET_VIEWPORT, DESKTOP_VIEWPORT])('at $width px', (viewport) => {
  it('no header lies over an answer, in any layout, before and after scrolling', { timeout: testLimit(180_000) }, async () => {
    const { page, problems, close } = await openPage(browser, stack.baseUrl, { cookie: stack.fundedCookie, viewport });
    try {
      page.setDefaultTimeout(underLoad(30_000));
      await startComparison(page, `${QUESTION} at ${viewport.width} px`);
      for (const model of COMPARED_MODEL_IDS) await comparisonColumn(page, model).and(page.locator('[data-state="done"]')).waitFor({ timeout: underLoad(30_000) });
      const pictures = viewport.width !== TABLET_VIEWPORT.width;
      const found: string[] = [];

      // Side by side (on a phone, a swipe row): each answer scrolls in its own box below its header.
      await chooseLayout(page, 'Columns');
      found.push(...(await checkEverywhere(page, 'columns', [60, 120, 400])));
      if (pictures) await pictured(page, 'comparison-headers-columns');
      // Scrolled inside the card and the page: still clear.
      await page.evaluate(() => document.querySelectorAll('[data-testid="column-scroll"]').forEach((answer) => answer.scrollTo({ top: 120, behavior: 'instant' })));
      await page.evaluate(() => window.scrollBy({ top: 60, behavior: 'instant' }));
      if (pictures) await saveViewportScreenshot(page, 'comparison-headers-columns-scrolled');

      // One column widened to the whole row (from 768 px; a phone's row is one card wide already): it reads down the page.
      if (viewport.width >= TABLET_VIEWPORT.width) {
        const first = comparisonColumn(page, COMPARED_MODEL_IDS[0]!);
        await workspaceInView(page);
        await first.getByTestId('column-expand').click();
        await expect.poll(() => first.getAttribute('data-expanded')).toBe('true');
        found.push(...(await checkEverywhere(page, 'widened column', [400, 900])));
        await first.getByTestId('column-expand').click();
        await expect.poll(() => first.getAttribute('data-expanded')).toBe('false');
      }

      // Tabs: one answer across the width, read down the page under the tab strip and its header, both stuck below the top bar.
      await chooseLayout(page, 'Tabs');
      for (const model of COMPARED_MODEL_IDS) {
        await page.locator(`[data-testid="column-tab"][data-model="${model}"]`).click();
        await expect.poll(() => comparisonColumn(page, model).isVisible()).toBe(true);
        found.push(...(await checkEverywhere(page, `tabs (${model})`, [400, 900])));
      }
      await page.locator(`[data-testid="column-tab"][data-model="${COMPARED_MODEL_IDS[0]}"]`).click();
      await workspaceInView(page);
      if (pictures) await pictured(page, 'comparison-headers-tabs');
      await page.evaluate(() => window.scrollBy({ top: 400, behavior: 'instant' }));
      if (pictures) await saveViewportScreenshot(page, 'comparison-headers-tabs-scrolled');

      // The focus view: the answer at reading size under the dialog's own header.
      await workspaceInView(page);
      await comparisonColumn(page, COMPARED_MODEL_IDS[0]!).getByTestId('column-focus').click();
      await page.getByTestId('focus-answer').waitFor();
      await frames(page);
      found.push(...problemsIn(await measure(page, true), 'focus view at rest'));
      if (pictures) await pictured(page, 'comparison-headers-focus');
      await page.keyboard.press('Escape');
      await page.getByTestId('focus-answer').waitFor({ state: 'detached' });

      expect(found).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
