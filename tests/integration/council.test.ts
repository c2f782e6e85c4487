import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Council, CouncilPreview } from '../../contract/council.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { THREE_MODELS } from '../support/search-stream-client.ts';
import { signedInCalls } from '../support/signed-in-calls.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

const call = signedInCalls(() => stack);

/** Reads the council until it has left `status` (reviews and the chairman run on the workers). */
async function councilPast(id: string, cookie: string, status: Council['status']): Promise<Council> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const council = (await call<Council>(`/api/councils/${id}`, cookie)).body.data;
    if (council.status !== status || Date.now() > deadline) return council;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Every name a model goes by here: none may reach a reviewer.
const MODEL_NAMES = ['gpt-4o-mini', 'GPT-4o mini', 'deepseek', 'DeepSeek', 'llama', 'Llama', 'openai', 'OpenAI', 'groq', 'Groq'];
const CHAIRMAN = { engine: 'groq', model: 'llama-3.1-8b-instant' };

describe('the council', () => {
  it('has every answering model rank the others anonymously, then a chairman credit each point, each call charged like an answer', async () => {
    const payer = await createPayer(stack.records(), stack.config, 200);
    const compared = await call<{ requestId: string; results: { runId: string; engine: string }[] }>('/api/compare', payer.cookie, {
      query: 'How should a small team plan a database migration?',
      models: THREE_MODELS,
    });
    const comparisonId = compared.body.data.requestId;
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 200 - 14, held: 0 });

    // The price before it runs: each reviewer's and the chairman's, nothing held.
    const preview = await call<CouncilPreview>(`/api/requests/${comparisonId}/council/preview?engine=groq&model=llama-3.1-8b-instant`, payer.cookie);
    expect(preview.body.data).toEqual({
      reviewers: [
        { engine: 'openai', model: 'gpt-4o-mini', credits: 6 },
        { engine: 'deepseek', model: 'deepseek-chat', credits: 6 },
        { engine: 'groq', model: 'llama-3.1-8b-instant', credits: 2 },
      ],
      chairman: { ...CHAIRMAN, credits: 2 },
      totalCredits: 16,
    });
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 186, held: 0 });

    const asked = stack.simulator.requests.length;
    // A double click starts one council: the second is told one is under way, and nothing of it is held.
    const both = await Promise.all([0, 1].map(() => call<Council>(`/api/requests/${comparisonId}/council`, payer.cookie, CHAIRMAN)));
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(both.find((answer) => answer.status === 400)!.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'A council on these answers is already under way.' });
    const started = both.find((answer) => answer.status === 200)!;
    expect(started.body.data.answers).toEqual([
      { label: 'Answer A', engine: 'openai', model: 'gpt-4o-mini' },
      { label: 'Answer B', engine: 'deepseek', model: 'deepseek-chat' },
      { label: 'Answer C', engine: 'groq', model: 'llama-3.1-8b-instant' },
    ]);
    const reviewed = await councilPast(started.body.data.id, payer.cookie, 'reviewing');
    expect(reviewed.status).toBe('reviewed');

    // Each reviewer read the other two answers under their labels, its own left out, and no model's name anywhere.
    const reviewPrompts = stack.simulator.requests.slice(asked).filter((request) => request.lastUserMessage.includes('Council review.'));
    expect(reviewPrompts.map((request) => request.model).sort()).toEqual(['deepseek-chat', 'gpt-4o-mini', 'llama-3.1-8b-instant']);
    for (const prompt of reviewPrompts) {
      const read = [prompt.lastUserMessage, ...(prompt.earlierMessages ?? [])].join('\n');
      for (const name of MODEL_NAMES) expect(read).not.toContain(name);
      const own = { 'gpt-4o-mini': 'Answer A', 'deepseek-chat': 'Answer B', 'llama-3.1-8b-instant': 'Answer C' }[prompt.model]!;
      const headings = [...read.matchAll(/^### (Answer [A-C])$/gm)].map((match) => match[1]);
      expect(headings).toEqual(['Answer A', 'Answer B', 'Answer C'].filter((label) => label !== own));
    }

    // Rankings read from each review: the two other answers, best first, each with a reason.
    expect(reviewed.reviews).toHaveLength(3);
    for (const review of reviewed.reviews) {
      expect(review.result.success).toBe(true);
      expect(review.ranking!.map((entry) => entry.label).sort()).toEqual(['Answer A', 'Answer B', 'Answer C'].filter((label) => label !== review.label));
      for (const entry of review.ranking!) expect(entry.reason).toMatch(/^it .+\.$/);
    }
    expect(reviewed.standings.map((standing) => standing.votes)).toEqual([2, 2, 2]);
    expect(reviewed.standings.map((standing) => standing.averagePlace)).toEqual([...reviewed.standings.map((standing) => standing.averagePlace)].sort());
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 186 - 14, held: 0 });

    // The chairman: once, whatever the clicks; its points credit the answers by label, shown with their models.
    const [chaired, again] = await Promise.all([
      call<Council>(`/api/councils/${started.body.data.id}/chairman`, payer.cookie, undefined, 'POST'),
      call<Council>(`/api/councils/${started.body.data.id}/chairman`, payer.cookie, undefined, 'POST'),
    ]);
    expect(chaired.status).toBe(200);
    expect(again.body.data.chairmanRequestId).toBe(chaired.body.data.chairmanRequestId);
    const done = await councilPast(started.body.data.id, payer.cookie, 'chairing');
    expect(done.status).toBe('done');
    expect(done.chairmanResult).toMatchObject({ success: true, engine: 'groq', model: 'llama-3.1-8b-instant', creditsUsed: 2 });
    expect(done.chairmanResult!.response).toMatch(/\[Answer [A-C]/);
    expect(done.attributions.length).toBeGreaterThanOrEqual(2);
    for (const attribution of done.attributions) {
      expect(done.answers).toContainEqual({ label: attribution.label, engine: attribution.engine, model: attribution.model });
      expect(attribution.points).toBeGreaterThan(0);
    }
    // The best-placed answer is credited first in the chairman's answer.
    expect(/\[(Answer [A-C])/.exec(done.chairmanResult!.response!)![1]).toBe(done.standings[0]!.label);
    expect(done.creditsUsed).toBe(16);
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 200 - 14 - 16, held: 0 });
    const chairmanPrompt = stack.simulator.requests.slice(asked).filter((request) => request.lastUserMessage.includes('Council chairman.'));
    expect(chairmanPrompt).toHaveLength(1);
    for (const name of MODEL_NAMES) expect([chairmanPrompt[0]!.lastUserMessage, ...(chairmanPrompt[0]!.earlierMessages ?? [])].join('\n')).not.toContain(name);

    // Stored: the comparison lists its council, and both of its requests are in the history.
    const listed = await call<{ councils: Council[] }>(`/api/requests/${comparisonId}/councils`, payer.cookie);
    expect(listed.body.data.councils.map((council) => [council.id, council.status])).toEqual([[done.id, 'done']]);
    const history = await call<{ requests: { id: string }[] }>('/api/user-requests?limit=50', payer.cookie);
    const ids = history.body.data.requests.map((request) => request.id);
    expect(ids).toContain(done.reviewRequestId);
    expect(ids).toContain(done.chairmanRequestId);
  });

  it('charges nothing for a review or a chairman that fails, and says the council failed', async () => {
    const payer = await createPayer(stack.records(), stack.config, 100);
    // The answers carry the script for the council that reads them: deepseek-chat's review (the only id with "chat": names are taken out of what reviewers read) and the chairman fail.
    const compared = await call<{ requestId: string }>('/api/compare', payer.cookie, {
      query: '[[simulate echo=1]] Tea or coffee? [[council review status=401 for=chat]] [[council chairman status=401]]',
      models: THREE_MODELS,
    });
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 86, held: 0 });
    const started = await call<Council>(`/api/requests/${compared.body.data.requestId}/council`, payer.cookie, CHAIRMAN);
    const reviewed = await councilPast(started.body.data.id, payer.cookie, 'reviewing');
    expect(reviewed.reviews.map((review) => [review.result.model, review.result.success, review.result.creditsUsed])).toEqual([
      ['gpt-4o-mini', true, 6],
      ['deepseek-chat', false, 0],
      ['llama-3.1-8b-instant', true, 2],
    ]);
    expect(reviewed.reviews[1]!.ranking).toBeNull();
    // deepseek's answer is still ranked by the two reviews that came back.
    expect(reviewed.standings.every((standing) => standing.votes >= 1)).toBe(true);
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 86 - 8, held: 0 });

    await call<Council>(`/api/councils/${started.body.data.id}/chairman`, payer.cookie, undefined, 'POST');
    const failed = await councilPast(started.body.data.id, payer.cookie, 'chairing');
    expect(failed.status).toBe('failed');
    expect(failed.chairmanResult).toMatchObject({ success: false, creditsUsed: 0 });
    expect(failed.attributions).toEqual([]);
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 78, held: 0 });
  });

  it('is refused before anything is held: too few credits for the whole council, one answer, someone else’s request', async () => {
    const payer = await createPayer(stack.records(), stack.config, 14 + 15);
    const stranger = await createPayer(stack.records(), stack.config, 100);
    const compared = await call<{ requestId: string }>('/api/compare', payer.cookie, { query: 'Cats or dogs?', models: THREE_MODELS });
    const poor = await call(`/api/requests/${compared.body.data.requestId}/council`, payer.cookie, CHAIRMAN);
    expect(poor.status).toBe(402);
    expect(poor.body.error).toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: 'This council costs 16 credits (reviews and chairman); you have 15.' });
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 15, held: 0 });
    expect((await call(`/api/requests/${compared.body.data.requestId}/councils`, payer.cookie)).body.data).toEqual({ councils: [] });

    expect((await call(`/api/requests/${compared.body.data.requestId}/council`, stranger.cookie, CHAIRMAN)).status).toBe(404);
    const single = await call<{ requestId: string }>('/api/search', stranger.cookie, { query: 'Hello', model: 'groq', specificModel: 'llama-3.1-8b-instant' });
    const lone = await call(`/api/requests/${single.body.data.requestId}/council`, stranger.cookie, CHAIRMAN);
    expect(lone.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'A council needs at least two answers.' });
    const unknown = await call(`/api/requests/${compared.body.data.requestId}/council/preview?engine=groq&model=no-such-model`, payer.cookie);
    expect(unknown.status).toBe(400);
    expect((await call('/api/councils/00000000-0000-4000-8000-000000000000', payer.cookie)).status).toBe(404);
  });
});
