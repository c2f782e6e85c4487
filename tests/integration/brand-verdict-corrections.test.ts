import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsData, MentionRecord, MentionsData } from '../../contract/brand.ts';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { labelledItemLines, labelledVerdicts } from '../../core/brand/labelled-verdicts.ts';
import { reanalyseStoredMentions } from '../../core/brand/reanalyse-stored-mentions.ts';
import { readLabelledItems } from '../../scripts/brand-model/labelled-items.ts';
import { storeAnalysedAnswer } from '../support/analysed-answers.ts';
import { createPayer } from '../support/funded-user.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * "Wrong?": a person corrects a brand verdict through the API. The correction is stored with who and when, the
 * analyser's verdict kept, used by the list, its filters, the analytics and the CSV, survives a re-analysis, can be
 * taken back, and is refused in the error envelope for bad input or someone else's mention.
 */

let stack: TestStack;
let owner: { userId: string; cookie: string };
let stranger: { cookie: string };

interface Envelope<Data> {
  success: boolean;
  data: Data;
  error: { code: string; message: string } | null;
}

async function call<Data>(path: string, options: { method?: string; body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers: { cookie: options.cookie ?? owner.cookie, ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as Envelope<Data> };
}

const correct = (id: string, body: unknown, cookie?: string) =>
  call<{ mention: MentionRecord }>(`/api/brand-config/mentions/${id}/correction`, { method: 'POST', body, ...(cookie ? { cookie } : {}) });

async function mentionOf(requestId: string): Promise<MentionRecord> {
  const { body } = await call<MentionsData>('/api/brand-config/mentions?pageSize=100');
  const found = body.data.mentions.find((mention) => mention.request.id === requestId);
  if (!found) throw new Error(`no mention for request ${requestId}`);
  return found;
}

async function analyticsOf(brandName: string) {
  const { body } = await call<AnalyticsData>('/api/brand-config/analytics');
  if (!body.success) throw new Error(JSON.stringify(body));
  return body.data.analytics.find((brand) => brand.brandName === brandName)!;
}

let praised: string;
let plain: string;

beforeAll(async () => {
  stack = await startTestStack({ withWorker: false });
  const payer = await createPayer(stack.records(), stack.config, 10);
  owner = { userId: payer.user.id, cookie: payer.cookie };
  stranger = { cookie: (await createPayer(stack.records(), stack.config, 10)).cookie };
  praised = await storeAnalysedAnswer(stack.records(), owner.userId, {
    brandName: 'Quillora',
    sentiment: 'positive',
    answerText: 'For a small team I would pick Quillora: it is fast, reliable and well supported.',
  });
  plain = await storeAnalysedAnswer(stack.records(), owner.userId, { brandName: 'Quillora', sentiment: 'neutral', answerText: 'Quillora was founded in 2019.' });
});

afterAll(async () => {
  await stack?.close();
});

describe('correcting a verdict', () => {
  it('stores the person’s verdict with who and when, keeps the analyser’s, and says who made each verdict', async () => {
    const before = await mentionOf(praised);
    expect(before).toMatchObject({ sentiment: 'positive', verdictBy: 'local' });
    expect(before.correction).toBeUndefined();

    const { status, body } = await correct(before.id, { sentiment: 'negative' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.mention).toMatchObject({
      id: before.id,
      sentiment: 'negative',
      verdictBy: 'person',
      correction: { originalSentiment: 'positive', correctedBy: owner.userId },
    });
    expect(Date.parse(body.data.mention.correction!.correctedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await mentionOf(praised)).toMatchObject({ sentiment: 'negative', verdictBy: 'person' });
  });

  it('is what the filters, analytics and CSV count, with the correction rate beside the figures', async () => {
    const negative = await call<MentionsData>('/api/brand-config/mentions?sentiment=negative');
    expect(negative.body.data.mentions.map((mention) => mention.request.id)).toEqual([praised]);
    const analytics = await analyticsOf('Quillora');
    expect(analytics).toMatchObject({ totalMentions: 2, positiveMentions: 0, negativeMentions: 1, neutralMentions: 1 });
    expect(analytics.corrections).toEqual({ corrected: 1, rate: 0.5 });
    expect(analytics.judgeAgreement).toEqual({ judged: 0, agreed: 0, rate: null, low: null, high: null });

    const csv = await (await fetch(`${stack.baseUrl}/api/brand-config/mentions.csv`, { headers: { cookie: owner.cookie } })).text();
    const header = csv.split('\r\n')[0]!.split(',');
    const row = csv.split('\r\n').find((line) => line.includes(praised))!.split(',');
    expect(row[header.indexOf('sentiment')]).toBe('negative');
    expect(row[header.indexOf('verdict_by')]).toBe('person');
    expect(row[header.indexOf('original_sentiment')]).toBe('positive');
  });

  it('survives a re-analysis: the person’s verdict stands, the analyser’s new one is kept beside it', async () => {
    await reanalyseStoredMentions(stack.records(), { batchSize: 10, includeJudged: false });
    const after = await mentionOf(praised);
    expect(after.sentiment).toBe('negative');
    expect(after.verdictBy).toBe('person');
    expect(after.correction?.originalSentiment).toBe('positive');
  });

  it('is taken back by choosing the analyser’s own verdict', async () => {
    const mention = await mentionOf(praised);
    const { body } = await correct(mention.id, { sentiment: 'positive' });
    expect(body.data.mention).toMatchObject({ sentiment: 'positive', verdictBy: 'local' });
    expect(body.data.mention.correction).toBeUndefined();
    expect((await analyticsOf('Quillora')).corrections).toEqual({ corrected: 0, rate: 0 });
  });

  it('exports corrections as labelled items in the shared three-line format, which the trainer reads back', async () => {
    const mention = await mentionOf(plain);
    await correct(mention.id, { sentiment: 'negative' });
    const lines: string[] = [];
    for await (const verdict of labelledVerdicts(stack.records(), 1)) {
      expect(verdict.source).toBe('person');
      lines.push(labelledItemLines(verdict)!);
    }
    expect(lines).toEqual(['$T$ was founded in 2019.\nQuillora\n-1\n']);
    const file = path.join(tmpdir(), `corrections-${process.pid}.raw`);
    writeFileSync(file, lines.join(''));
    expect(readLabelledItems(file)).toEqual([{ text: 'Quillora was founded in 2019.', target: 'Quillora', label: 'negative' }]);
    await correct(mention.id, { sentiment: 'neutral' });
  });

  it('refuses bad input and someone else’s mention in the error envelope, changing nothing', async () => {
    const mention = await mentionOf(plain);
    for (const body of [{ sentiment: 'great' }, {}, { sentiment: null }]) {
      const refused = await correct(mention.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
    expect((await correct('not-a-uuid', { sentiment: 'negative' })).status).toBe(400);
    const foreign = await correct(mention.id, { sentiment: 'negative' }, stranger.cookie);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND', message: 'No such brand mention.' } });
    const signedOut = await fetch(`${stack.baseUrl}/api/brand-config/mentions/${mention.id}/correction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sentiment: 'negative' }),
    });
    expect(signedOut.status).toBe(401);
    expect(await mentionOf(plain)).toMatchObject({ sentiment: 'neutral', verdictBy: 'local' });
  });
});
