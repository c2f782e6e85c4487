import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { creditOnce } from '../../core/credits/credit-ledger.ts';
import { CSV_COLUMNS } from '../../core/tracking/tracking-csv.ts';
import { csvField } from '../../core/text/csv-writer.ts';
import { closeAbandonedSlot } from '../../core/tracking/tracking-slot-runs.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { AuthClient } from '../support/auth-client.ts';
import { verificationLinkIn, type MailCatcher } from '../support/mail-catcher.ts';
import type { TestStack } from '../support/test-stack.ts';
import {
  NAMING_PROMPT,
  OTHER_PROMPT,
  startTrackingHarness,
  TRACKING_MODELS,
  until,
  type TrackingHarness,
} from '../support/tracking-harness.ts';

/**
 * GEO tracking end to end, with a "day" of 1.5 s so a daily set runs every 1.5 s: real server, real worker (its
 * BullMQ job scheduler), real Postgres ledger, and a real SMTP sink for the owner's mail.
 */

let stack: TestStack;
let mail: MailCatcher;
let harness: TrackingHarness;

beforeAll(async () => {
  harness = await startTrackingHarness(1_500);
  ({ stack, mail } = harness);
});

afterAll(async () => {
  await harness?.close();
});


// One sample per cell keeps these runs small; samples and alerts have their own test file.
const createSet = (cookie: string, overrides: Record<string, unknown> = {}) =>
  harness.createSet<{ id: string; cost: { perRun: number; perWeek: number; perMonth: number } }>(cookie, { samplesPerCell: 1, ...overrides });

async function completedRuns(setId: string): Promise<{ id: string; request_ids: string[] }[]> {
  return stack.records().execute(`select id, request_ids from tracking_runs where set_id = ? and status = 'completed' order by slot_start`, [setId]);
}

describe('GEO tracking', () => {
  it('previews the cost of a set: prompts × samples per cell × models × price, per run, week and month', async () => {
    const answer = await harness.call('POST', '/api/tracking/cost-preview', stack.fundedCookie, { prompts: 3, models: TRACKING_MODELS, cadence: 'weekly', samplesPerCell: 1 });
    const preview = JSON.parse(answer.text).data;
    // gpt-4o-mini costs 6 and deepseek-chat 6: 3 prompts × 12.
    expect(preview.perRun).toBe(36);
    expect(preview.perWeek).toBe(36);
    expect(preview.perMonth).toBe(Math.round((36 * 30) / 7));
    // Without samplesPerCell a preview counts the default of three askings per cell.
    const byDefault = JSON.parse((await harness.call('POST', '/api/tracking/cost-preview', stack.fundedCookie, { prompts: 3, models: TRACKING_MODELS, cadence: 'daily' })).text).data;
    expect(byDefault).toMatchObject({ perRun: 108, perWeek: 756, perMonth: 3_240 });
    const refused = await harness.call('POST', '/api/tracking/cost-preview', stack.fundedCookie, { prompts: 3, models: TRACKING_MODELS, cadence: 'daily', samplesPerCell: 11 });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toEqual({
      success: false,
      data: null,
      error: { code: 'VALIDATION_ERROR', message: 'Samples per cell must be a whole number from 1 to 10' },
    });
  });

  it('runs on schedule, charges exactly once per successful answer, and stores every answer with its numbers', async () => {
    const payer = await createPayer(stack.records(), stack.config, 1_000);
    // DeepSeek fails the second prompt every time (a scripted 500): that answer must cost nothing.
    const failing = `${OTHER_PROMPT} [[simulate for=deepseek status=500]]`;
    const set = await createSet(payer.cookie, { prompts: [NAMING_PROMPT, failing] });
    expect(set.cost.perRun).toBe(24);
    const runs = await until('two completed runs', async () => {
      const found = await completedRuns(set.id);
      return found.length >= 2 ? found : undefined;
    });
    await harness.call('PATCH', `/api/tracking/sets/${set.id}`, payer.cookie, { status: 'paused' });

    const em = stack.records();
    for (const run of runs) {
      expect(run.request_ids).toHaveLength(2);
      const results = await em.execute<
        { prompt: string; engine: string; status: string; mentioned: boolean; position: number | null; share_of_voice: number | null; answer: string; credits_charged: number }[]
      >(`select prompt, engine, status, mentioned, position, share_of_voice, answer, credits_charged from tracking_results where run_id = ? order by prompt_index, engine`, [
        run.id,
      ]);
      expect(results).toHaveLength(4);
      expect(results.map((result) => `${result.engine}:${result.status}:${result.credits_charged}`)).toEqual([
        'deepseek:completed:6',
        'openai:completed:6',
        'deepseek:error:0',
        'openai:completed:6',
      ]);
      const naming = results.filter((result) => result.prompt === NAMING_PROMPT);
      expect(naming.every((result) => result.mentioned && result.position !== null && result.share_of_voice !== null && /zorblax/i.test(result.answer))).toBe(true);
      expect(results.filter((result) => result.prompt === failing).every((result) => !result.mentioned)).toBe(true);
    }

    // Wait for a run that may have started before the pause to settle, then compare the ledger with the answers.
    await until('no open runs', async () => {
      const [open] = await em.execute<{ open: number }[]>(
        `select count(*)::int as open from tracking_runs where set_id = ? and status = 'running'`,
        [set.id],
      );
      return open!.open === 0 ? true : undefined;
    });
    const [charges] = await em.execute<{ entries: number; distinct_runs: number; total: string; answers: number }[]>(
      `select count(entry.id)::int as entries, count(distinct run.id)::int as distinct_runs, coalesce(-sum(entry.amount), 0) as total,
              (select count(*)::int from tracking_results where set_id = ? and status = 'completed') as answers
         from tracking_runs as tracking
         cross join lateral jsonb_array_elements_text(tracking.request_ids) as request(id)
         join model_runs as run on run.request_id = request.id::uuid and run.status = 'completed'
         left join credit_entries as entry on entry.reference = 'charge:' || run.id
        where tracking.set_id = ?`,
      [set.id, set.id],
    );
    expect(charges!.entries).toBe(charges!.distinct_runs);
    expect(charges!.entries).toBe(charges!.answers);
    const ledger = await accountLedger(em, payer.accountId);
    expect(ledger.held).toBe(0);
    expect(ledger.balance).toBe(1_000 - Number(charges!.total));
    expect(Number(charges!.total)).toBe(charges!.answers * 6);

    // The dashboard and the run list see the same runs.
    const dashboard = JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/dashboard`, payer.cookie)).text).data.dashboard;
    expect(dashboard.overall.length).toBeGreaterThanOrEqual(2);
    // Two of the three answers that arrived name the brand; the failed one is counted apart.
    expect(dashboard.overall[0].visibility).toBe(66.7);
    expect(dashboard.overall[0].failed).toBe(1);
    expect(dashboard.byModel).toHaveLength(2);

    // The run's questions are tracking requests, seen on the dashboard, never in the owner's chat history.
    const kinds = await em.execute<{ kind: string }[]>(
      `select distinct kind from search_requests where id in (select jsonb_array_elements_text(request_ids)::uuid from tracking_runs where set_id = ?)`,
      [set.id],
    );
    expect(kinds).toEqual([{ kind: 'tracking' }]);
    const chats = JSON.parse((await harness.call('GET', '/api/user-requests', payer.cookie)).text).data;
    expect(chats).toEqual({ total: 0, requests: [] });
  });

  it('exports a CSV equal to the stored rows, and the same rows as JSON pages', async () => {
    const payer = await createPayer(stack.records(), stack.config, 1_000);
    const set = await createSet(payer.cookie, { prompts: ['Zorblax, "quoted", and =SUM(A1) widgets', OTHER_PROMPT] });
    await until('one completed run', async () => ((await completedRuns(set.id)).length >= 1 ? true : undefined));
    await harness.call('PATCH', `/api/tracking/sets/${set.id}`, payer.cookie, { status: 'paused' });
    await until('no open runs', async () => {
      const rows = await stack.records().execute<{ id: string }[]>(`select id from tracking_runs where set_id = ? and status = 'running'`, [set.id]);
      return rows.length === 0 ? true : undefined;
    });

    const pages: unknown[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=3&cursor=${cursor}` : '?limit=3';
      const page = JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}/results${query}`, payer.cookie)).text).data;
      pages.push(...page.results);
      cursor = page.nextCursor;
    } while (cursor);

    // Another person's set does not exist for them, and a guest is told to sign in.
    const stranger = await createPayer(stack.records(), stack.config, 10);
    expect((await harness.call('GET', `/api/tracking/sets/${set.id}/results.csv`, stranger.cookie)).status).toBe(404);
    expect((await harness.call('GET', `/api/tracking/sets/${set.id}/results`, stranger.cookie)).status).toBe(404);
    expect((await harness.call('GET', `/api/tracking/sets/${set.id}/dashboard`, '')).status).toBe(401);

    const csv = await harness.call('GET', `/api/tracking/sets/${set.id}/results.csv`, payer.cookie);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const stored = await stack.records().execute<Record<string, unknown>[]>(
      `select result.*, to_char(tracking.slot_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as slot_start_text,
              to_char(result.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at_text
         from tracking_results as result join tracking_runs as tracking on tracking.id = result.run_id
        where result.set_id = ? order by result.created_at, result.id`,
      [set.id],
    );
    expect(stored.length).toBeGreaterThanOrEqual(4);
    expect(pages).toHaveLength(stored.length);
    const expected = [
      CSV_COLUMNS.join(','),
      ...stored.map((row) =>
        [
          row.run_id, row.slot_start_text, row.prompt, row.engine, row.model, row.country, row.language, row.status, row.mentioned, row.position,
          row.sentiment, row.share_of_voice, (row.cited_domains as string[]).join(' '), row.credits_charged, row.answer, row.created_at_text,
          row.surface, row.model_version,
        ]
          .map((value) => csvField((value ?? null) as string | number | boolean | null))
          .join(','),
      ),
    ].join('\r\n');
    expect(csv.text).toBe(`${expected}\r\n`);
    expect(csv.text).toContain('"Zorblax, ""quoted"", and =SUM(A1) widgets"');
  });

  it('pauses a set the balance cannot cover and mails its owner', async () => {
    // One run costs 24: the first fits in 30, the second does not.
    const payer = await createPayer(stack.records(), stack.config, 30);
    const set = await createSet(payer.cookie);
    const paused = await mail.next(payer.user.email, 30_000);
    expect(paused.subject).toContain('Tracking paused');
    expect(paused.text).toContain('needs 24 credits');
    const described = JSON.parse((await harness.call('GET', `/api/tracking/sets/${set.id}`, payer.cookie)).text).data.set;
    expect(described.status).toBe('paused');
    expect(described.pausedReason).toBe('insufficient_credits');
    const runs = await stack.records().execute<{ status: string }[]>(`select status from tracking_runs where set_id = ? order by slot_start`, [set.id]);
    expect(runs.map((run) => run.status)).toEqual(['completed', 'skipped']);
    const ledger = await accountLedger(stack.records(), payer.accountId);
    expect(ledger).toEqual({ balance: 6, held: 0 });

    // Topped up and resumed, it runs again at once.
    await creditOnce(stack.records(), payer.accountId, 'purchase', 100, `top-up:${payer.user.id}`);
    const resumed = await harness.call('PATCH', `/api/tracking/sets/${set.id}`, payer.cookie, { status: 'active' });
    expect(JSON.parse(resumed.text).data.set.pausedReason).toBeNull();
    await until('a run after resuming', async () => ((await completedRuns(set.id)).length >= 2 ? true : undefined));
    await harness.call('PATCH', `/api/tracking/sets/${set.id}`, payer.cookie, { status: 'paused' });
  });

  it("runs a newly verified person's first set from their 150 credits, though nothing has read their balance yet", async () => {
    // Signed up and verified over HTTP like anyone; saving the set is the first call after that, so no
    // `GET /api/credits` (nor any question) has read the balance before the set's first slot checks it.
    const email = `first-set-${randomUUID().slice(0, 8)}@example.com`;
    const browser = new AuthClient(stack.baseUrl);
    expect((await browser.post('register', { name: 'First Set', email, password: 'correct horse battery' })).status).toBe(200);
    const link = verificationLinkIn(await mail.next(email));
    expect((await browser.post('verify-email', { email: link.email, token: link.token })).status).toBe(200);
    const cookie = browser.cookie!;
    const set = await createSet(cookie);
    expect(set.cost.perRun).toBe(24);

    const em = stack.records();
    const first = await until('the first slot to end', async () => {
      const [run] = await em.execute<{ id: string; status: string }[]>(`select id, status from tracking_runs where set_id = ? order by slot_start limit 1`, [set.id]);
      return run && run.status !== 'running' ? run : undefined;
    });
    const [stored] = await em.execute<{ status: string; paused_reason: string | null }[]>(`select status, paused_reason from tracking_sets where id = ?`, [set.id]);
    await harness.call('PATCH', `/api/tracking/sets/${set.id}`, cookie, { status: 'paused' });
    expect(first.status).toBe('completed');
    expect(stored!.paused_reason).toBeNull();
    const [results] = await em.execute<{ answers: number }[]>(`select count(*)::int as answers from tracking_results where run_id = ? and status = 'completed'`, [first.id]);
    expect(results!.answers).toBe(4);

    // The grant was given once, and what the runs were charged came out of it.
    await until('no open runs', async () => {
      const [open] = await em.execute<{ open: number }[]>(`select count(*)::int as open from tracking_runs where set_id = ? and status = 'running'`, [set.id]);
      return open!.open === 0 ? true : undefined;
    });
    const [ledger] = await em.execute<{ grants: number; granted: string; charged: string }[]>(
      `select count(*) filter (where entry.kind = 'grant')::int as grants,
              coalesce(sum(entry.amount) filter (where entry.kind = 'grant'), 0) as granted,
              coalesce(-sum(entry.amount) filter (where entry.kind = 'charge'), 0) as charged
         from credit_accounts as account join users on users.id = account.user_id
         left join credit_entries as entry on entry.account_id = account.id
        where users.email = ?`,
      [email],
    );
    expect(ledger).toMatchObject({ grants: 1, granted: '150' });
    expect(Number(ledger!.charged)).toBeGreaterThanOrEqual(24);
    const credits = JSON.parse((await harness.call('GET', '/api/credits', cookie)).text).data.user;
    expect(credits).toMatchObject({ tier: 'registered', creditsRemaining: 150 - Number(ledger!.charged), creditsHeld: 0 });
  });

  it('closes a slot whose job gave up, keeping the answers that ended, so it does not show as running for ever', async () => {
    const payer = await createPayer(stack.records(), stack.config, 1_000);
    const set = await createSet(payer.cookie);
    await until('one completed run', async () => ((await completedRuns(set.id)).length >= 1 ? true : undefined));
    await harness.call('PATCH', `/api/tracking/sets/${set.id}`, payer.cookie, { status: 'paused' });
    const em = stack.records();
    // A run as its job would leave it after its last attempt failed: claimed, answered, never completed.
    const [run] = await em.execute<{ id: string }[]>(`select id from tracking_runs where set_id = ? order by slot_start limit 1`, [set.id]);
    await em.execute(`update tracking_runs set status = 'running', completed_at = null, job_id = 'gave-up' where id = ?`, [run!.id]);
    await em.execute(`delete from tracking_results where run_id = ?`, [run!.id]);
    await closeAbandonedSlot({ orm: stack.app.orm }, 'gave-up');
    const [closed] = await em.execute<{ status: string; results: number }[]>(
      `select status, (select count(*)::int from tracking_results where run_id = tracking_runs.id) as results from tracking_runs where id = ?`,
      [run!.id],
    );
    expect(closed).toEqual({ status: 'completed', results: 4 });
  });
});
