import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandConfig } from '../../contract/ask.ts';
import type { AnalyticsData, BrandMention, MentionsData } from '../../contract/brand.ts';
import type { CatalogueData } from '../../contract/catalogue.ts';
import type { ModelResult } from '../../contract/model-result.ts';
import { analyseBrandMention } from '../../core/brand/brand-analysis.ts';
import { findBrandMention } from '../../core/brand/stored-brand-mentions.ts';
import { LOCAL_ANALYSER_VERSION } from '../../core/brand/targeted-sentiment.ts';
import { workerMetrics } from '../../worker/observability/worker-metrics.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { SEARCH_BODY, type ReceivedEvent } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * The brand judge end to end: the worker answers a monitored question, analyses it locally, then asks the judge
 * model (the simulator, in OpenAI's wire format) for a JSON verdict. A valid verdict is stored and returned; a reply
 * that is not JSON, does not match the schema or misquotes the answer, a judge that hangs past its time limit, and a
 * provider error all leave the local verdict in place, each counted by why.
 */

const JUDGE_TIMEOUT_MS = 1_500;
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ environment: { BRAND_JUDGE_MODEL: 'openai/gpt-4.1-mini', BRAND_JUDGE_TIMEOUT_MS: String(JUDGE_TIMEOUT_MS) } });
});

afterAll(async () => {
  await stack?.close();
});

const ACMETRIX: BrandConfig = { brandName: 'Acmetrix', websiteUrl: 'https://acmetrix.example', keywords: [], competitors: ['Zolvane'] };
const PRAISE = 'For small teams I recommend Acmetrix, the most reliable choice.';
const CRITICISM = 'Zolvane is slower and worse for teams.';

/** The model says exactly this (echo), monitored for Acmetrix against Zolvane; `judge` scripts the judge's reply. */
function monitored(judge = '') {
  return { ...SEARCH_BODY, query: `${PRAISE} ${CRITICISM} ${judge} [[simulate echo=1]]`, brandMonitoringEnabled: true, brandConfig: ACMETRIX };
}

const endOf = (events: ReceivedEvent[]) => events.find((event) => event.event === 'end')!.data as unknown as ModelResult & { requestId: string; runId: string; response: string };

async function judgeOutcomes(): Promise<Record<string, number>> {
  const metric = await workerMetrics.registry.getSingleMetric('quorum_brand_judge_verdicts_total')!.get();
  return Object.fromEntries(metric.values.map((value) => [String(value.labels.outcome), value.value]));
}

async function askTimed(cookie: string, judge = '') {
  const before = await judgeOutcomes();
  const startedAt = Date.now();
  const end = endOf((await stack.ask(monitored(judge), { headers: { cookie } })).events);
  const after = await judgeOutcomes();
  const counted = Object.keys(after).filter((outcome) => (after[outcome] ?? 0) > (before[outcome] ?? 0));
  return { end, tookMs: Date.now() - startedAt, counted };
}

const localVerdict = (end: { response: string; sources: ModelResult['sources'] }): BrandMention =>
  analyseBrandMention({ text: end.response, sources: end.sources, config: ACMETRIX });

describe('with a judge model configured', () => {
  it('stores the judge’s validated verdict, returns it in the end frame, the stored result and the mentions API, and charges only the answer', async () => {
    const payer = await createPayer(stack.records(), stack.config, 100);
    const { end, counted } = await askTimed(payer.cookie);
    expect(counted).toEqual(['judged']);

    expect(end.brandMention).toMatchObject({
      mentioned: true,
      sentiment: 'positive',
      recommendation: 'recommended',
      evidence: { sentence: PRAISE },
      analyser: { kind: 'judge', version: LOCAL_ANALYSER_VERSION, model: 'openai/gpt-4.1-mini' },
    });
    expect(end.brandMention!.judgeReason).toContain(PRAISE);
    expect(end.brandMention!.competitors).toEqual([
      expect.objectContaining({ name: 'Zolvane', mentioned: true, sentiment: 'negative', recommendation: 'compared_unfavourably', evidence: { sentence: CRITICISM, cues: expect.any(Array) } }),
    ]);
    // Mention finding stays local: counts and positions are the local analyser's.
    const local = localVerdict(end);
    // The local verdict is kept beside the judge's, so their agreement can be measured on real traffic.
    expect(end.brandMention!.analyser!.localSentiment).toBe(local.sentiment);
    expect(end.brandMention).toMatchObject({ positions: local.positions, confidence: local.confidence, rank: local.rank, shareOfVoice: local.shareOfVoice });

    expect(await findBrandMention(stack.records(), end.runId)).toEqual(end.brandMention);
    const mentions = await fetch(`${stack.baseUrl}/api/brand-config/mentions`, { headers: { cookie: payer.cookie } });
    const [listed] = ((await mentions.json()) as { data: MentionsData }).data.mentions;
    expect(listed).toMatchObject({
      sentiment: 'positive',
      recommendation: 'recommended',
      judgeReason: end.brandMention!.judgeReason,
      evidence: { sentence: PRAISE },
      analyser: { kind: 'judge', model: 'openai/gpt-4.1-mini' },
      verdictBy: 'judge',
      competitors: [expect.objectContaining({ name: 'Zolvane', sentiment: 'negative' })],
    });
    const analytics = await fetch(`${stack.baseUrl}/api/brand-config/analytics`, { headers: { cookie: payer.cookie } });
    const [brand] = ((await analytics.json()) as { data: AnalyticsData }).data.analytics;
    const agreed = local.sentiment === 'positive' ? 1 : 0;
    expect(brand!.judgeAgreement).toMatchObject({ judged: 1, agreed, rate: agreed });
    expect(brand!.judgeAgreement.low).toBeLessThan(brand!.judgeAgreement.high!);

    // The judge was asked through the provider's API, with the brands and the answer as JSON.
    const judged = stack.simulator.requests.filter((request) => request.model === 'gpt-4.1-mini' && request.lastUserMessage.includes(PRAISE));
    expect(judged).toHaveLength(1);
    expect(judged[0]!.lastUserMessage).toContain('Input (JSON):\n{"brands":["Acmetrix","Zolvane"],"answer":');
    // The operator pays for the judge: the asker is charged the answer's price and nothing more.
    expect(end.creditsUsed).toBe(6);
    expect(await accountLedger(stack.records(), payer.accountId)).toEqual({ balance: 94, held: 0 });
  });

  it.each([
    ['a reply that is not JSON', '[[judge reply=invalid-json]]', 'invalid_json'],
    ['a reply that does not match the schema', '[[judge reply=wrong-schema]]', 'invalid_schema'],
    ['a quote the answer does not contain', '[[judge reply=misquote]]', 'misquoted'],
    ['a provider error', '[[judge status=500]]', 'provider_error'],
  ])('keeps the local verdict after %s, and counts why', async (_case, directive, outcome) => {
    const { end, counted } = await askTimed(stack.fundedCookie, directive);
    expect(counted).toEqual([outcome]);
    expect(end.brandMention).toEqual(localVerdict(end));
    expect(end.brandMention!.analyser).toEqual({ kind: 'local', version: LOCAL_ANALYSER_VERSION });
    expect(end.brandMention!.recommendation).toBeUndefined();
    expect(await findBrandMention(stack.records(), end.runId)).toEqual(end.brandMention);
  });

  it('does not let a judge that hangs hold the answer back past its time limit', async () => {
    const { end, counted, tookMs } = await askTimed(stack.fundedCookie, '[[judge first-token-ms=60000]]');
    expect(counted).toEqual(['timeout']);
    expect(end.success).toBe(true);
    expect(end.brandMention).toEqual(localVerdict(end));
    expect(tookMs).toBeGreaterThanOrEqual(JUDGE_TIMEOUT_MS);
    expect(tookMs).toBeLessThan(JUDGE_TIMEOUT_MS + 5_000);
  });

  it('says in the catalogue that brand monitoring includes the judge', async () => {
    const response = await fetch(`${stack.baseUrl}/api/models`);
    expect(((await response.json()) as { data: CatalogueData }).data.features).toEqual({ webSearch: 2, brandJudgeModel: 'openai/gpt-4.1-mini' });
  });
});
