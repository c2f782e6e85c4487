import { describe, expect, it } from 'vitest';
import { createPayer } from '../support/funded-user.ts';
import { useTrackingHarness } from '../support/tracking-harness.ts';
import type { TrackingRetrieval } from '../../contract/tracking-retrieval.ts';
import type { TrackingResult } from '../../contract/tracking.ts';

/**
 * A set's retrieval figures end to end: real server and worker, Postgres, Redis and the simulator. The set tracks a
 * brand the simulated searches never reach (Zorblax) against two whose sites they always retrieve (the security
 * topic's Vaultra and Lockstep), on Perplexity (which always searches, and reports no queries) and the AI Overview
 * (whose one query is the search itself). So every answer retrieves both competitors, none the brand, and the
 * overview's query is one that found only competitors. Which pages were cited comes from the answers themselves,
 * read through the results API, so the two endpoints are checked against each other.
 */
const harness = useTrackingHarness(60_000);
const PROMPT = 'Best VPN tools for a small team?';
const SAMPLES = 2;

describe('GET /api/tracking/sets/:id/retrieval', () => {
  it('counts per answer what each site had retrieved and cited, and the queries that found only competitors', async () => {
    const payer = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    const set = await harness.createSet(payer.cookie, {
      brand: { brandName: 'Zorblax', websiteUrl: 'https://www.zorblax.example', competitors: ['Vaultra', 'Lockstep'] },
      prompts: [PROMPT],
      models: [
        { engine: 'perplexity', model: 'sonar' },
        { engine: 'ai-overview', model: 'google-ai-overview' },
      ],
      samplesPerCell: SAMPLES,
    });
    await harness.runsThenPause(set.id, payer.cookie, 1);

    const results = JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/results`, payer.cookie)).text).data.results as TrackingResult[];
    expect(results).toHaveLength(2 * SAMPLES);
    for (const result of results) {
      expect(result.searchTrail, `${result.engine} has a search trail`).toBeTruthy();
      expect(result.searchTrail!.queries).toEqual(result.engine === 'ai-overview' ? [PROMPT] : []);
      expect(result.searchTrail!.sources.some((source) => source.host === 'www.vaultra.example' && source.retrieved)).toBe(true);
    }
    const citedVaultra = results.filter((result) => result.searchTrail!.sources.some((source) => source.host === 'www.vaultra.example' && source.cited)).length;

    const answer = await harness.call('GET', `/api/tracking/sets/${set.id}/retrieval?days=7`, payer.cookie);
    expect(answer.status, answer.text).toBe(200);
    const retrieval = JSON.parse(answer.text).data.retrieval as TrackingRetrieval;
    expect(retrieval).toMatchObject({ days: 7, searchedAnswers: 2 * SAMPLES, answersWithQueries: SAMPLES, unresolvedSources: 0 });
    const [brand, vaultra, lockstep] = retrieval.sites;
    expect(brand).toMatchObject({ name: 'Zorblax', isBrand: true, matchedBy: 'website', hosts: [] });
    expect(brand!.retrieved).toMatchObject({ count: 0, readings: 2 * SAMPLES, rate: 0 });
    expect(vaultra).toMatchObject({ name: 'Vaultra', isBrand: false, matchedBy: 'name', hosts: ['www.vaultra.example'] });
    expect(vaultra!.retrieved).toMatchObject({ count: 2 * SAMPLES, readings: 2 * SAMPLES, rate: 100 });
    expect(vaultra!.cited).toMatchObject({ count: citedVaultra, readings: 2 * SAMPLES });
    expect(vaultra!.retrieved.low!).toBeLessThan(100);
    expect(lockstep!.retrieved.count).toBe(2 * SAMPLES);
    expect(retrieval.competitorOnlyQueries).toEqual([{ query: PROMPT, prompt: PROMPT, competitors: ['Lockstep', 'Vaultra'], answers: SAMPLES }]);
    expect(retrieval.fanOut).toEqual([{ prompt: PROMPT, answers: 2 * SAMPLES, queriesPerAnswer: 1, queries: [{ query: PROMPT, answers: SAMPLES }] }]);
  });

  it('refuses a bad window and keeps another person’s set unknown', async () => {
    const owner = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    const set = await harness.createSet(owner.cookie, { prompts: ['Hold [[simulate first-token-ms=60000]]'] });
    await harness.call('PATCH', `/api/tracking/sets/${set.id}`, owner.cookie, { status: 'paused' });
    const badWindow = await harness.call('GET', `/api/tracking/sets/${set.id}/retrieval?days=0`, owner.cookie);
    expect(badWindow.status).toBe(400);
    expect(JSON.parse(badWindow.text)).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    const notANumber = await harness.call('GET', `/api/tracking/sets/${set.id}/retrieval?days=a%20month`, owner.cookie);
    expect(notANumber.status).toBe(400);

    const stranger = await createPayer(harness.stack.records(), harness.stack.config, 10);
    const hidden = await harness.call('GET', `/api/tracking/sets/${set.id}/retrieval`, stranger.cookie);
    expect(hidden.status).toBe(404);
    expect(JSON.parse(hidden.text)).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });

    // A set without answers yet: nothing searched, every rate unknown rather than zero.
    const empty = JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/retrieval`, owner.cookie)).text).data.retrieval as TrackingRetrieval;
    expect(empty).toMatchObject({ days: 30, searchedAnswers: 0, competitorOnlyQueries: [], fanOut: [] });
    expect(empty.sites[0]!.retrieved).toMatchObject({ count: 0, readings: 0, rate: null });
  });
});
