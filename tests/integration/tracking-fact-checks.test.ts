import { describe, expect, it } from 'vitest';
import type { FactCheckDashboard } from '../../contract/brand-facts.ts';
import type { TrackingResult } from '../../contract/tracking.ts';
import { workerMetrics } from '../../worker/observability/worker-metrics.ts';
import { createPayer } from '../support/funded-user.ts';
import { useTrackingHarness } from '../support/tracking-harness.ts';

/**
 * Fact sheets and fact-checks end to end: real server and worker, the judge model answered by the provider simulator
 * through the OpenAI SDK, Postgres, Redis. The tracked prompts are echoed by the model word for word, so each answer is
 * known, and each carries a `[[judge …]]` directive telling the simulated judge how to read it.
 */

const harness = useTrackingHarness(20_000, { BRAND_JUDGE_MODEL: 'openai/gpt-4.1-mini', BRAND_JUDGE_TIMEOUT_MS: '5000' });

const FACTS = [{ claim: 'Founded in 2012 in Lyon', sourceUrl: 'https://zorblax.example/about' }, { claim: 'Free plan for up to 3 users' }];
const CONTRADICTED = 'Zorblax was founded in 2019 in Paris.';
const SUPPORTED = 'Zorblax is a Lyon company.';
const echoed = (text: string, judge: string) => `${text} [[judge ${judge}]] [[simulate echo=1]]`;
/** Read as supported: a baseline run with no contradiction. */
const QUIET_PROMPTS = ['Zorblax has a free plan.', 'Zorblax is based in Lyon.', 'Zorblax started in 2012.', 'Zorblax serves small teams.'].map((text) => echoed(text, 'facts=support'));
const LATER_PROMPTS = [
  echoed(CONTRADICTED, 'facts=contradict'),
  // The first statement's quote is not the answer's: it alone is dropped.
  echoed(`Zorblax offers a paid plan only. ${SUPPORTED}`, 'facts=support reply=misquote'),
  // Not JSON: counted, and the answer stays unchecked.
  echoed('Zorblax ships widgets worldwide.', 'reply=invalid-json'),
];

async function counts(name: string, label: string): Promise<Record<string, number>> {
  const metric = await workerMetrics.registry.getSingleMetric(name)!.get();
  return Object.fromEntries(metric.values.map((value) => [String(value.labels[label]), value.value]));
}

const brand = (facts: unknown) => ({ brandName: 'Zorblax', competitors: ['Quentix'], facts });

describe('a fact sheet', () => {
  it.each([
    ['too many facts', Array.from({ length: 51 }, (_, index) => ({ claim: `Fact ${index}` })), 'A fact sheet holds at most 50 facts'],
    ['a blank claim', [{ claim: '  ' }], 'Each fact needs its claim'],
    ['a claim too long', [{ claim: 'x'.repeat(301) }], "A fact's claim must be at most 300 characters"],
    ['a source that is not a web address', [{ claim: 'Founded in 2012', sourceUrl: 'javascript:alert(1)' }], "A fact's source must be a web address starting with http:// or https://"],
    ['an unknown key', [{ claim: 'Founded in 2012', proof: 'trust me' }], 'Unexpected field: brand.facts.0.proof'],
  ])('is refused with %s, on a set and on a monitored question', async (_case, facts, message) => {
    const created = await harness.call('POST', '/api/tracking/sets', harness.stack.fundedCookie, {
      name: 'Widgets', brand: brand(facts), prompts: ['Zorblax'], models: [{ engine: 'openai', model: 'gpt-4o-mini' }], cadence: 'weekly',
    });
    expect(created.status).toBe(400);
    expect(JSON.parse(created.text).error).toEqual({ code: 'VALIDATION_ERROR', message });
    const asked = await harness.call('POST', '/api/search/stream', harness.stack.fundedCookie, {
      model: 'openai', specificModel: 'gpt-4o-mini', query: 'Zorblax', brandMonitoringEnabled: true, brandConfig: brand(facts),
    });
    expect(asked.status).toBe(400);
    expect(JSON.parse(asked.text).error.message).toBe(message.replace('brand.facts', 'brandConfig.facts'));
  });

  it('is checked against every answer naming the brand: contradictions and their quotes per model, ranked facts, a CSV and an alert when they rise', async () => {
    const payer = await createPayer(harness.stack.records(), harness.stack.config, 2_000);
    const set = await harness.createSet<{ id: string; brand: { facts: unknown } }>(payer.cookie, { brand: brand(FACTS), prompts: QUIET_PROMPTS, samplesPerCell: 1, alertMinReadings: 2 });
    expect(set.brand.facts).toEqual(FACTS);
    const refused = await harness.call('PATCH', `/api/tracking/sets/${set.id}`, payer.cookie, { brand: brand([{ claim: 'Founded in 2012', sourceUrl: 'ftp://zorblax.example' }]) });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).error).toEqual({ code: 'VALIDATION_ERROR', message: "A fact's source must be a web address starting with http:// or https://" });
    const checkedBefore = await counts('quorum_brand_fact_checks_total', 'outcome');
    const statementsBefore = await counts('quorum_brand_fact_statements_total', 'verdict');
    const [first, second] = await harness.runADayLater(set.id, payer.cookie, { prompts: LATER_PROMPTS });

    // The judge is asked with the sheet's claims and the answer, and paid by the operator: the asker pays the answers.
    const asked = harness.stack.simulator.requests.filter((request) => request.model === 'gpt-4.1-mini' && request.lastUserMessage.includes('Fact-check input (JSON):'));
    expect(asked).toHaveLength(2 * (QUIET_PROMPTS.length + LATER_PROMPTS.length));
    expect(asked[0]!.lastUserMessage).toContain('{"brand":"Zorblax","facts":["Founded in 2012 in Lyon","Free plan for up to 3 users"],"answer":');

    const checkedAfter = await counts('quorum_brand_fact_checks_total', 'outcome');
    const statementsAfter = await counts('quorum_brand_fact_statements_total', 'verdict');
    const added = (after: Record<string, number>, before: Record<string, number>, key: string) => (after[key] ?? 0) - (before[key] ?? 0);
    expect(added(checkedAfter, checkedBefore, 'checked')).toBe(2 * (QUIET_PROMPTS.length + 2));
    expect(added(checkedAfter, checkedBefore, 'invalid_json')).toBe(2);
    expect(added(statementsAfter, statementsBefore, 'contradicted')).toBe(2);
    expect(added(statementsAfter, statementsBefore, 'dropped')).toBe(2);

    // Per answer, through the results the dashboard opens: the quote is the answer's own, the fact the sheet's.
    const results = JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/results?runId=${second!.id}`, payer.cookie)).text).data.results as TrackingResult[];
    expect(results).toHaveLength(6);
    const byPrompt = (text: string) => results.filter((result) => result.prompt.startsWith(text));
    for (const result of byPrompt(CONTRADICTED)) {
      expect(result.factCheck).toMatchObject({ judgeModel: 'openai/gpt-4.1-mini', droppedStatements: 0, statements: [{ verdict: 'contradicted', quote: CONTRADICTED, fact: 'Founded in 2012 in Lyon' }] });
      expect(result.answer).toContain(CONTRADICTED);
    }
    for (const result of byPrompt('Zorblax offers')) {
      expect(result.factCheck).toMatchObject({ droppedStatements: 1, statements: [{ verdict: 'supported', quote: SUPPORTED, fact: 'Founded in 2012 in Lyon' }] });
    }
    for (const result of byPrompt('Zorblax ships')) {
      // The answer is stored and counted as any other; it is only left unchecked.
      expect(result).toMatchObject({ status: 'completed', mentioned: true, factCheck: null });
    }

    const answer = await harness.call('GET', `/api/tracking/sets/${set.id}/fact-checks`, payer.cookie);
    expect(answer.status, answer.text).toBe(200);
    const figures = JSON.parse(answer.text).data.factChecks as FactCheckDashboard;
    expect(figures).toMatchObject({ judgeModel: 'openai/gpt-4.1-mini', facts: 2, overall: { checked: 12, contradicted: 2 } });
    expect(figures.overall.share).toBeCloseTo(2 / 12);
    expect(figures.byModel.map(({ engine, checked, contradicted }) => ({ engine, checked, contradicted })).sort((a, b) => a.engine.localeCompare(b.engine))).toEqual([
      { engine: 'deepseek', checked: 6, contradicted: 1 },
      { engine: 'openai', checked: 6, contradicted: 1 },
    ]);
    expect(figures.overTime.map(({ runId, checked, contradicted }) => ({ runId, checked, contradicted }))).toEqual([
      { runId: first!.id, checked: 8, contradicted: 0 },
      { runId: second!.id, checked: 4, contradicted: 2 },
    ]);
    // Wilson, not the textbook interval: 0 of 8 still allows up to about a third.
    expect(figures.overTime[0]!.low).toBe(0);
    expect(figures.overTime[0]!.high).toBeCloseTo(0.324, 3);
    expect(figures.contradictedFacts).toEqual([{ fact: 'Founded in 2012 in Lyon', answers: 2, models: ['deepseek/deepseek-chat', 'openai/gpt-4o-mini'] }]);
    expect(figures.quotes.map((quote) => quote.quote)).toEqual([CONTRADICTED, CONTRADICTED]);
    // 2 of 4 against 0 of 8 in the week before: pooled two-proportion test, p ≈ 0.028.
    expect(figures.alert).toMatchObject({ current: { checked: 4, contradicted: 2 }, baseline: { checked: 8, contradicted: 0 } });
    expect(figures.alert!.p).toBeCloseTo(0.0285, 3);

    // The owner is told too, as for a drop in visibility.
    const mail = await harness.mail.next(payer.user.email, 30_000);
    expect(mail.subject).toBe('Tracking alert: answers contradict Zorblax\'s facts more often in "Widgets market"');
    expect(mail.text).toContain('Answers contradicting a fact in the latest run: 50% (95% interval 15% to 85%; 2 of 4 checked answers).');
    expect(mail.text).toContain('Answers contradicting a fact in the last 7 days: 0% (95% interval 0% to 32.4%; 0 of 8 checked answers).');

    const csv = await harness.call('GET', `/api/tracking/sets/${set.id}/fact-checks.csv`, payer.cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('run_id,run_started_at,result_id,surface,engine,model,model_version,prompt,fact,quote,judge_model,checked_at');
    expect(lines).toHaveLength(3);
    for (const line of lines.slice(1)) expect(line).toContain(`${second!.id},`), expect(line).toContain(`Founded in 2012 in Lyon,${CONTRADICTED},openai/gpt-4.1-mini`);
  });

  it('checks a monitored question\'s answer too, and lists the check with the mention', async () => {
    const payer = await createPayer(harness.stack.records(), harness.stack.config, 100);
    const { events } = await harness.stack.ask(
      { model: 'openai', specificModel: 'gpt-4o-mini', query: echoed(CONTRADICTED, 'facts=contradict'), brandMonitoringEnabled: true, brandConfig: brand(FACTS) },
      { headers: { cookie: payer.cookie } },
    );
    expect(events.some((event) => event.event === 'end')).toBe(true);
    const mentions = JSON.parse((await harness.call('GET', '/api/brand-config/mentions', payer.cookie)).text).data.mentions;
    expect(mentions).toHaveLength(1);
    expect(mentions[0].factCheck).toMatchObject({ judgeModel: 'openai/gpt-4.1-mini', statements: [{ verdict: 'contradicted', quote: CONTRADICTED, fact: 'Founded in 2012 in Lyon' }] });
  });
});
