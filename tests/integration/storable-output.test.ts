import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { hasUnstorableText } from '../../core/text/storable-text.ts';
import { answerText, SEARCH_BODY } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * A model's output is not ours to trust: it may hold characters Postgres refuses (which once lost a streamed
 * answer at the moment of storing it) and its citations may point at `javascript:` or `data:` addresses. The
 * simulator's `hostile=1` answers with all of that, through the real SDK.
 */
describe('hostile model output', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('streams and stores an answer holding NUL and lone surrogates, with exactly the same text in both', async () => {
    const result = await stack.ask({ ...SEARCH_BODY, query: 'Unstorable text [[simulate hostile=1 chunks=8]]' });
    const last = result.events.at(-1)!;
    expect(last.event).toBe('end');
    const run = await stack.records().findOneOrFail(ModelRun, String(last.data.runId));
    expect(run.status).toBe('completed');
    expect(run.creditsCharged).toBeGreaterThan(0);
    const stored = run.answerText!;
    expect(hasUnstorableText(stored)).toBe(false);
    expect(stored).toContain('nul\uFFFDhere');
    expect(stored).toContain('lone\uFFFDhigh');
    // The emoji split across two chunks is whole again, not two replacement characters.
    expect(stored).toContain('\u{1F680}');
    expect(answerText(result.events)).toBe(stored);
    expect(last.data.response).toBe(stored);
  });

  it('stores an AI Overview answer whose reference titles were cut inside an emoji', async () => {
    // The simulated search cuts each page title at 60 UTF-16 units: in a row of emoji that lands between a pair.
    const query = `Emoji ${'\u{1F600}'.repeat(40)}`;
    const result = await stack.ask({ model: 'ai-overview', specificModel: 'google-ai-overview', query });
    const last = result.events.at(-1)!;
    expect(last.event).toBe('end');
    const run = await stack.records().findOneOrFail(ModelRun, String(last.data.runId));
    expect(run.status).toBe('completed');
    expect(run.sources?.length).toBeGreaterThan(0);
    for (const source of run.sources ?? []) expect(hasUnstorableText(source.title ?? '')).toBe(false);
  });

  it('keeps only sources whose address passes the link allow-list, with storable titles', async () => {
    const result = await stack.ask({ ...SEARCH_BODY, searchEnabled: true, query: 'Poisoned citations [[simulate hostile=1 chunks=8]]' });
    const last = result.events.at(-1)!;
    expect(last.event).toBe('end');
    const streamedSources = result.events.filter((event) => event.event === 'sources').flatMap((event) => event.data.sources as { url: string; title: string | null }[]);
    const run = await stack.records().findOneOrFail(ModelRun, String(last.data.runId));
    for (const sources of [streamedSources, run.sources ?? [], last.data.sources as { url: string; title: string | null }[]]) {
      expect(sources).toEqual([{ url: expect.stringMatching(/^https:\/\/docs\.example\.com\/guides\/emoji/), title: 'Cut in an emoji \uFFFD' }]);
    }
  });
});
