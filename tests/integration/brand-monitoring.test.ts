import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandConfig } from '../../contract/ask.ts';
import type { AnalyticsData, BrandAnalytics, BrandMention, MentionsData, RecentBrandsData } from '../../contract/brand.ts';
import type { HistoryList } from '../../contract/history.ts';
import type { ModelResult } from '../../contract/model-result.ts';
import { ServerSentEventParser } from '../../client/src/api/server-sent-events.ts';
import { analyseBrandMention } from '../../core/brand/brand-analysis.ts';
import { findBrandMention } from '../../core/brand/stored-brand-mentions.ts';
import { StoredBrandMention } from '../../core/database/entities/brand-mention.ts';
import { storeAnalysedAnswer as storeAnalysedAnswerIn, type AnalysedAnswer } from '../support/analysed-answers.ts';
import { createPayer } from '../support/funded-user.ts';
import { SEARCH_BODY, THREE_MODELS, type ReceivedEvent } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * Brand monitoring end to end: the worker analyses each answer of a monitored request, the analysis rides on the
 * answer's end frame and is stored with it, and the Brand Mentions page's three calls read it back, per user.
 */

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

/**
 * The simulator's answer repeats the question's longest words (so a question whose only long word is a made-up
 * brand gets an answer naming it) and, from 20 words on, opens by quoting the question.
 */
const ZENTROVIA: BrandConfig = { brandName: 'Zentrovia', websiteUrl: 'https://www.zentrovia.example', keywords: ['Zentrovia Cloud'], competitors: ['Globexa', 'Initrode'] };

function monitored(query: string, config: BrandConfig = ZENTROVIA) {
  return { ...SEARCH_BODY, query, brandMonitoringEnabled: true, brandConfig: config };
}

async function getJson<Data>(path: string, cookie: string | undefined): Promise<{ status: number; body: { success: boolean; data: Data; error: { code: string; message: string } | null } }> {
  const response = await fetch(`${stack.baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: (await response.json()) as never };
}

async function replay(requestId: string): Promise<ReceivedEvent[]> {
  const response = await fetch(`${stack.baseUrl}/api/requests/${requestId}/events?after=0`, { headers: { cookie: stack.fundedCookie } });
  const parser = new ServerSentEventParser();
  const text = await response.text();
  return parser.push(text).map((message) => ({ event: message.event, id: message.id, data: JSON.parse(message.data) as Record<string, unknown>, receivedAfterMs: 0 }));
}

const endOf = (events: ReceivedEvent[]) => events.find((event) => event.event === 'end')!.data as unknown as ModelResult & { requestId: string; response: string };

describe('an answer to a monitored request', () => {
  it('carries its brand analysis in the end frame, the same analysis that is stored, resumed and listed in history', async () => {
    const question = 'Is Zentrovia better than Globexa for teams? [[simulate chunks=40]]';
    const result = await stack.ask(monitored(question));
    const end = endOf(result.events);
    expect(end.response).toContain('“Is Zentrovia better than Globexa for…”');
    // The opening quote of the question is not the answer's own: the analysis is made knowing the question.
    const expected = analyseBrandMention({ text: end.response, sources: end.sources, config: ZENTROVIA, question });
    expect(expected.positions).not.toContain(end.response.indexOf('Zentrovia'));
    expect(end.brandMention).toEqual(expected);
    expect(end.brandMention).toMatchObject({ mentioned: true, brandName: 'Zentrovia', keywordsFound: ['Zentrovia'], rank: 1 });
    // Globexa is named only inside the quoted question, so the answer itself does not name it.
    expect(end.response.indexOf('Globexa')).toBeGreaterThan(0);
    expect(end.brandMention!.competitors[0]).toMatchObject({ name: 'Globexa', mentioned: false });
    expect(end.brandMention!.confidence).toBeGreaterThanOrEqual(0.5);

    const stored = await stack.records().findOneOrFail(StoredBrandMention, { run: end.runId }, { populate: ['request', 'user'] });
    expect(stored).toMatchObject({ brandName: 'Zentrovia', websiteUrl: 'https://www.zentrovia.example', mentioned: true, positions: expected.positions });
    expect(stored.request.id).toBe(end.requestId);
    expect(stored.user.email).toMatch(/^funded-/);
    expect(await findBrandMention(stack.records(), end.runId)).toEqual(expected);

    // A reconnecting browser replays the same end; history reads it from storage.
    expect(endOf(await replay(end.requestId)).brandMention).toEqual(expected);
    const history = await getJson<HistoryList>('/api/user-requests?limit=1', stack.fundedCookie);
    expect(history.body.data.requests[0]!.results[0]!.brandMention).toEqual(expected);
  });

  it('is analysed, and stored, when the brand is not named too; and not at all when monitoring is off', async () => {
    const missed = endOf((await stack.ask(monitored('How do ocean tides work?'))).events);
    expect(missed.brandMention).toMatchObject({ mentioned: false, confidence: 0, context: null, positions: [], rank: null, shareOfVoice: null });
    expect(await stack.records().count(StoredBrandMention, { run: missed.runId })).toBe(1);

    const off = endOf((await stack.ask({ ...monitored('Is Zentrovia any good?'), brandMonitoringEnabled: false })).events);
    expect(off.brandMention).toBeNull();
    expect(await stack.records().count(StoredBrandMention, { run: off.runId })).toBe(0);
  });

  it('comes whole from the non-streamed answer too', async () => {
    const response = await fetch(`${stack.baseUrl}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: stack.fundedCookie },
      body: JSON.stringify(monitored('Zentrovia pricing explained')),
    });
    const answer = ((await response.json()) as { data: ModelResult & { response: string } }).data;
    expect(answer.brandMention).toEqual(analyseBrandMention({ text: answer.response, sources: answer.sources, config: ZENTROVIA, question: 'Zentrovia pricing explained' }));
  });

  it('rides on each model_complete of a comparison; a failed model has none', async () => {
    const query = 'Zentrovia or Initrode for startups? [[simulate for=deepseek status=401]] [[simulate chunks=120]]';
    const result = await stack.ask({ query, models: THREE_MODELS, brandMonitoringEnabled: true, brandConfig: ZENTROVIA }, { path: '/api/compare/stream' });
    const completes = result.events.filter((event) => event.event === 'model_complete').map((event) => event.data.result as ModelResult);
    expect(completes).toHaveLength(3);
    for (const completed of completes) {
      if (completed.success) {
        expect(completed.brandMention).toEqual(analyseBrandMention({ text: completed.response!, sources: completed.sources, config: ZENTROVIA, question: query }));
        expect(completed.brandMention!.mentioned).toBe(true);
      } else {
        expect(completed.engine).toBe('deepseek');
        expect(completed.brandMention).toBeNull();
      }
    }
    const all = result.events.at(-1)!.data as { results: ModelResult[] };
    expect(all.results.map((entry) => entry.brandMention)).toEqual(
      THREE_MODELS.map(({ engine }) => completes.find((completed) => completed.engine === engine)!.brandMention),
    );
  });
});

/** An analysed answer written straight to the database, for numbers and dates a test picks. */
const storeAnalysedAnswer = (userId: string, answer: AnalysedAnswer) => storeAnalysedAnswerIn(stack.records(), userId, answer);

describe('the Brand Mentions page’s calls', () => {
  let owner: { userId: string; cookie: string };
  let askedAt: { first: string; second: string };

  beforeAll(async () => {
    const payer = await createPayer(stack.records(), stack.config, 500);
    owner = { userId: payer.user.id, cookie: payer.cookie };
    const ask = (body: unknown, path?: string) => stack.ask(body, { headers: { cookie: owner.cookie }, ...(path ? { path } : {}) });
    // Real answers: one names Zentrovia, one does not; then a comparison naming it (three more answers).
    const first = endOf((await ask(monitored('What is Zentrovia?'))).events);
    await ask(monitored('How do ocean tides work?'));
    const second = await ask({ query: 'Why Zentrovia?', models: THREE_MODELS, brandMonitoringEnabled: true, brandConfig: ZENTROVIA }, '/api/compare/stream');
    askedAt = { first: first.requestId, second: String(second.events[0]!.data.requestId) };
  });

  it('lists the answers that named a brand, newest first, with the question and the model that answered', async () => {
    const { status, body } = await getJson<MentionsData>('/api/brand-config/mentions', owner.cookie);
    expect(status).toBe(200);
    const { mentions } = body.data;
    expect(mentions).toHaveLength(4);
    expect(mentions.map((mention) => mention.request.id)).toEqual([askedAt.second, askedAt.second, askedAt.second, askedAt.first]);
    expect(mentions.map((mention) => mention.createdAt)).toEqual([...mentions.map((mention) => mention.createdAt)].sort().reverse());
    expect(mentions.slice(0, 3).map((mention) => `${mention.request.engine}/${mention.request.model}`).sort()).toEqual(
      THREE_MODELS.map(({ engine, model }) => `${engine}/${model}`).sort(),
    );
    expect(mentions[3]).toMatchObject({
      brandName: 'Zentrovia',
      keywordsFound: ['Zentrovia'],
      request: { id: askedAt.first, query: 'What is Zentrovia?', engine: 'openai', model: 'gpt-4o-mini' },
    });
    expect(mentions[3]!.context).toMatch(/zentrovia/i);
    expect(mentions[3]!.confidence).toBeGreaterThanOrEqual(0.5);
    expect(new Date(mentions[3]!.createdAt).toISOString()).toBe(mentions[3]!.createdAt);

    const limited = await getJson<MentionsData>('/api/brand-config/mentions?limit=2', owner.cookie);
    expect(limited.body.data.mentions.map((mention) => mention.id)).toEqual(mentions.slice(0, 2).map((mention) => mention.id));
  });

  it('filters by brand, keeps to the window (30 days unless asked), and shows each person only their own', async () => {
    const older = await storeAnalysedAnswer(owner.userId, { brandName: 'Zentrovia', daysAgo: 40 });
    await storeAnalysedAnswer(owner.userId, { brandName: 'Vandelay', daysAgo: 0.5 });
    const ids = async (query: string, cookie = owner.cookie) =>
      (await getJson<MentionsData>(`/api/brand-config/mentions${query}`, cookie)).body.data.mentions.map((mention) => `${mention.brandName}:${mention.request.id}`);

    expect(await ids('?limit=100')).toHaveLength(5);
    expect(await ids('?limit=100&brandName=Vandelay')).toEqual([expect.stringMatching(/^Vandelay:/)]);
    expect(await ids('?limit=100&brandName=Zentrovia')).toHaveLength(4);
    expect(await ids('?limit=100&brandName=zentrovia')).toEqual([]);
    expect(await ids('?limit=100&brandName=Zentrovia&days=60')).toContain(`Zentrovia:${older}`);
    expect(await ids('?limit=100&days=1')).toHaveLength(5);
    const stranger = await createPayer(stack.records(), stack.config, 10);
    expect(await ids('', stranger.cookie)).toEqual([]);
  });

  it('tells a guest, or an expired session, to sign in; and refuses a malformed limit', async () => {
    for (const path of ['/api/brand-config/mentions', '/api/brand-config/analytics', '/api/brand-config/recent']) {
      for (const cookie of [undefined, 'quorum_session=expired-or-made-up']) {
        const { status, body } = await getJson(path, cookie);
        expect(status).toBe(401);
        expect(body).toEqual({ success: false, data: null, error: { code: 'UNAUTHORIZED', message: 'Session expired' } });
      }
    }
    const malformed = await getJson('/api/brand-config/mentions?limit=ten', owner.cookie);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error!.code).toBe('VALIDATION_ERROR');
  });

  it('lists the brand configs used, distinct, most recently used first', async () => {
    const other: BrandConfig = { brandName: 'Zentrovia', keywords: ['ZV'] };
    await stack.ask(monitored('Zentrovia again', other), { headers: { cookie: owner.cookie } });
    const { body } = await getJson<RecentBrandsData>('/api/brand-config/recent', owner.cookie);
    const zentrovia = body.data.recentBrands.filter((brand) => brand.brandName === 'Zentrovia');
    expect(zentrovia.slice(0, 2)).toEqual([
      { brandName: 'Zentrovia', websiteUrl: null, keywords: ['ZV'], competitors: [], lastUsedAt: expect.any(String) },
      { brandName: 'Zentrovia', websiteUrl: 'https://www.zentrovia.example', keywords: ['Zentrovia Cloud'], competitors: ['Globexa', 'Initrode'], lastUsedAt: expect.any(String) },
    ]);
    const times = body.data.recentBrands.map((brand) => brand.lastUsedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await getJson<RecentBrandsData>('/api/brand-config/recent?limit=1', owner.cookie)).body.data.recentBrands).toEqual([body.data.recentBrands[0]]);
  });
});

describe('brand analytics', () => {
  let user: { id: string; cookie: string };
  let analytics: BrandAnalytics[];
  let today: string;

  beforeAll(async () => {
    const payer = await createPayer(stack.records(), stack.config, 10);
    user = { id: payer.user.id, cookie: payer.cookie };
    const id = user.id;
    const competitors = (globexa: number, hooli: number): BrandMention['competitors'] => [
      { name: 'Globexa', mentioned: globexa > 0, mentions: globexa, firstPosition: globexa > 0 ? 9 : null },
      { name: 'Hooli', mentioned: hooli > 0, mentions: hooli, firstPosition: hooli > 0 ? 20 : null },
    ];
    const domains = Array.from({ length: 12 }, (_, index) => `site${String(index).padStart(2, '0')}.example`);
    // Initrode: 7 answers, 4 naming it (3 positive, 1 negative), one of them 40 days ago.
    await storeAnalysedAnswer(id, { brandName: 'Initrode', sentiment: 'positive', confidence: 0.5, positions: [0, 10], competitors: competitors(1, 0), citedDomains: domains.slice(0, 12) });
    await storeAnalysedAnswer(id, { brandName: 'Initrode', sentiment: 'positive', confidence: 0.7, daysAgo: 1, positions: [0], competitors: competitors(2, 1), citedDomains: domains.slice(0, 3) });
    await storeAnalysedAnswer(id, { brandName: 'Initrode', sentiment: 'negative', confidence: 0.9, daysAgo: 2, positions: [0, 5, 9], engine: 'groq', model: 'llama-3.1-8b-instant', citedDomains: domains.slice(0, 1) });
    await storeAnalysedAnswer(id, { brandName: 'Initrode', sentiment: 'positive', confidence: 0.5, daysAgo: 40, positions: [4] });
    for (const daysAgo of [0, 0, 29]) await storeAnalysedAnswer(id, { brandName: 'Initrode', mentioned: false, daysAgo, engine: 'groq', model: 'llama-3.1-8b-instant', competitors: competitors(1, 0) });
    // One brand per remaining trend.
    await storeAnalysedAnswer(id, { brandName: 'Vandelay', sentiment: 'positive' });
    await storeAnalysedAnswer(id, { brandName: 'Vandelay', sentiment: 'negative' });
    await storeAnalysedAnswer(id, { brandName: 'Vandelay', sentiment: 'neutral' });
    await storeAnalysedAnswer(id, { brandName: 'Kramerica', sentiment: 'negative' });
    await storeAnalysedAnswer(id, { brandName: 'Kramerica', sentiment: 'neutral' });
    await storeAnalysedAnswer(id, { brandName: 'Pendant', mentioned: false });
    await storeAnalysedAnswer(id, { brandName: 'Pendant', mentioned: false });

    const { status, body } = await getJson<AnalyticsData>('/api/brand-config/analytics', user.cookie);
    expect(status).toBe(200);
    analytics = body.data.analytics;
    const [row] = await stack.records().getConnection().execute<{ today: string }[]>(`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as today`);
    today = row!.today;
  });

  const brand = (name: string) => analytics.find((entry) => entry.brandName === name)!;

  it('counts every analysed answer per brand: mentions by sentiment, confidence over mentions, the rate with 1 decimal', () => {
    expect(analytics.map((entry) => entry.brandName).sort()).toEqual(['Initrode', 'Kramerica', 'Pendant', 'Vandelay']);
    expect(brand('Initrode')).toMatchObject({
      websiteUrl: null,
      totalRequests: 7,
      totalMentions: 4,
      positiveMentions: 3,
      negativeMentions: 1,
      neutralMentions: 0,
      avgConfidence: 0.65,
      mentionRate: 57.1,
      trend: 'up',
    });
    expect(Date.parse(brand('Initrode').lastRequestAt) - Date.parse(brand('Initrode').firstRequestAt)).toBeGreaterThan(39 * 86_400_000);
    expect(brand('Pendant')).toMatchObject({ totalRequests: 2, totalMentions: 0, avgConfidence: 0, mentionRate: 0, trend: 'neutral' });
    expect(brand('Vandelay')).toMatchObject({ totalRequests: 3, totalMentions: 3, mentionRate: 100, trend: 'flat' });
    expect(brand('Kramerica')).toMatchObject({ totalMentions: 2, negativeMentions: 1, neutralMentions: 1, trend: 'down' });
    // The lean comes with its interval: 3 of 4 polar mentions positive is not yet evidence of a positive lean.
    expect(brand('Initrode').lean).toMatchObject({ positive: 3, polar: 4 });
    expect(brand('Initrode').lean.low!).toBeLessThan(0.5);
    expect(brand('Initrode').lean.high!).toBeGreaterThan(0.9);
    expect(brand('Pendant').lean).toEqual({ positive: 0, polar: 0, low: null, high: null });
  });

  it('draws the last 30 days day by day, empty days included', () => {
    const { daily } = brand('Initrode').series;
    expect(daily).toHaveLength(30);
    expect(daily.at(-1)).toEqual({ date: today, answers: 3, mentions: 1 });
    const dates = daily.map((day) => Date.parse(`${day.date}T00:00:00Z`));
    expect(dates.slice(1).map((date, index) => date - dates[index]!)).toEqual(Array(29).fill(86_400_000));
    // The answer from 40 days ago is counted above but is outside the chart.
    expect(daily.reduce((sum, day) => sum + day.answers, 0)).toBe(6);
    expect(daily.reduce((sum, day) => sum + day.mentions, 0)).toBe(3);
    expect(daily[0]).toEqual({ date: expect.any(String), answers: 1, mentions: 0 });
  });

  it('breaks the answers down by model, sums share of voice with the competitors, and lists the 10 most cited domains', () => {
    const { byModel, shareOfVoice, citedDomains } = brand('Initrode').series;
    expect(byModel).toEqual([
      { engine: 'groq', model: 'llama-3.1-8b-instant', answers: 4, mentions: 1 },
      { engine: 'openai', model: 'gpt-4o-mini', answers: 3, mentions: 3 },
    ]);
    // The brand's own matches first, then each competitor's, summed over every answer.
    expect(shareOfVoice).toEqual([
      { name: 'Initrode', mentions: 7 },
      { name: 'Globexa', mentions: 6 },
      { name: 'Hooli', mentions: 1 },
    ]);
    expect(citedDomains).toHaveLength(10);
    expect(citedDomains.slice(0, 4)).toEqual([
      { domain: 'site00.example', count: 3 },
      { domain: 'site01.example', count: 2 },
      { domain: 'site02.example', count: 2 },
      { domain: 'site03.example', count: 1 },
    ]);
  });

  it('comes with the brand configs used', async () => {
    const { body } = await getJson<AnalyticsData>('/api/brand-config/analytics', user.cookie);
    expect(body.data.recentBrands.map((recent) => recent.brandName).sort()).toEqual(['Initrode', 'Kramerica', 'Pendant', 'Vandelay']);
  });
});
