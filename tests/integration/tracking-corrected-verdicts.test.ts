import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackingResult } from '../../contract/tracking.ts';
import { createPayer } from '../support/funded-user.ts';
import { startTrackingHarness, type TrackingHarness } from '../support/tracking-harness.ts';

/**
 * A person's correction of a brand verdict ("Wrong?") reaches tracking: the reading recorded from that answer takes
 * the person's verdict, says who made it, and the set's CSV carries it.
 */

let harness: TrackingHarness;

beforeAll(async () => {
  harness = await startTrackingHarness(1_500);
});

afterAll(async () => {
  await harness?.close();
});

describe('corrected verdicts in tracking', () => {
  it('show in the set’s results and CSV as the person’s verdict, marked as corrected', async () => {
    const payer = await createPayer(harness.stack.records(), harness.stack.config, 1_000);
    const set = await harness.createSet(payer.cookie, { samplesPerCell: 1 });
    const [run] = await harness.runsThenPause(set.id, payer.cookie, 1);
    const results = async (): Promise<TrackingResult[]> =>
      JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/results?runId=${run!.id}&limit=100`, payer.cookie)).text).data.results;

    const before = await results();
    const named = before.find((result) => result.mentioned && result.sentiment !== null);
    expect(named, JSON.stringify(before)).toBeDefined();
    expect(named!.sentimentBy).toBe('local');
    const [mention] = await harness.stack.records().execute<{ id: string }[]>(
      `select mention.id from brand_mentions as mention join tracking_results as result on result.model_run_id = mention.run_id where result.id = ?`,
      [named!.id],
    );
    const corrected = named!.sentiment === 'negative' ? 'positive' : 'negative';
    const response = await harness.call('POST', `/api/brand-config/mentions/${mention!.id}/correction`, payer.cookie, { sentiment: corrected });
    expect(response.status, response.text).toBe(200);

    const after = (await results()).find((result) => result.id === named!.id)!;
    expect(after).toMatchObject({ sentiment: corrected, sentimentBy: 'person' });
    // Every other reading is as it was.
    expect((await results()).filter((result) => result.id !== named!.id)).toEqual(before.filter((result) => result.id !== named!.id));
    const csv = (await harness.call('GET', `/api/tracking/sets/${set.id}/results.csv`, payer.cookie)).text;
    expect(csv.split('\r\n').find((line) => line.includes(named!.answer!.slice(0, 20).replace(/"/g, '""')) && line.includes(corrected))).toBeDefined();
  });
});
