import { execFile } from 'node:child_process';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditHistory } from '../../contract/credit-history.ts';
import { DEMO_CREDITS } from '../../contract/demo-credits.ts';
import { PROJECT_ROOT } from '../../core/config/config.ts';
import { CreditGrantRefused } from '../../core/credits/credit-grant-input.ts';
import { grantCreditsByEmail } from '../../core/credits/credit-grants.ts';
import { accountLedger, createPayer } from '../support/funded-user.ts';
import { LiveTab } from '../support/live-tab.ts';
import { postSearchStream, SEARCH_BODY } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * Credits given by hand, against a real database: an operator's grant (in core and through `npm run credits:grant`
 * as a child process) is one `operator_grant` entry with who and why and the balance together, refused whole for bad
 * input or an unknown address; the person's history shows it with its reason; and the demo button's grant is
 * refused outside demo mode and capped within it.
 */

let demo: TestStack;
let paid: TestStack;

beforeAll(async () => {
  // Demo mode answers from the built-in simulator; the other stack has provider keys and no demo mode.
  demo = await startTestStack({ environment: { DEMO_MODE: 'on' } });
  paid = await startTestStack({ withWorker: false });
}, 120_000);

afterAll(async () => {
  await Promise.all([demo?.close(), paid?.close()]);
});

interface StoredEntry {
  kind: string;
  amount: string;
  reference: string;
  granted_by: string | null;
  reason: string | null;
}

async function entriesOf(stack: TestStack, accountId: string): Promise<StoredEntry[]> {
  return stack.records().getConnection().execute<StoredEntry[]>(
    `select kind, amount, reference, granted_by, reason from credit_entries where account_id = ? order by created_at, id`,
    [accountId],
  );
}

async function call(stack: TestStack, method: string, url: string, cookie?: string) {
  const response = await fetch(`${stack.baseUrl}${url}`, { method, headers: cookie ? { cookie } : {} });
  return { status: response.status, headers: response.headers, body: (await response.json()) as { success: boolean; data: unknown; error: { code: string; message: string } | null } };
}

const historyOf = async (stack: TestStack, cookie: string, query = '') => (await call(stack, 'GET', `/api/credits/history${query}`, cookie)).body.data as CreditHistory;

const runScript = (stack: TestStack, ...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts/credits-grant.ts'), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...stack.environment },
  });

describe('an operator’s grant in core', () => {
  it('writes one operator_grant entry with who and why, and the balance with it, in any case of the address', async () => {
    const payer = await createPayer(demo.records(), demo.config, 40);
    const result = await grantCreditsByEmail(demo.records(), demo.config.appSecret, {
      email: `  ${payer.user.email.toUpperCase()} `,
      credits: '250',
      reason: '  Thanks for testing the beta  ',
      grantedBy: 'ops-alice',
    });
    expect(result).toMatchObject({ added: true, userId: payer.user.id, credits: 250, creditsRemaining: 290 });
    expect(await accountLedger(demo.records(), payer.accountId)).toEqual({ balance: 290, held: 0 });
    expect((await entriesOf(demo, payer.accountId)).at(-1)).toMatchObject({ kind: 'operator_grant', amount: '250', granted_by: 'ops-alice', reason: 'Thanks for testing the beta' });
  });

  it('refuses bad input and unknown addresses whole, writing nothing', async () => {
    const payer = await createPayer(demo.records(), demo.config, 40);
    const grant = (overrides: Record<string, unknown>) =>
      grantCreditsByEmail(demo.records(), demo.config.appSecret, { email: payer.user.email, credits: '10', reason: 'Because', grantedBy: 'ops', ...overrides });
    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{ email: 'nobody-here@example.com' }, 'unknown_email', /No account uses the address nobody-here@example\.com/],
      [{ email: 'not an address' }, 'invalid_email', /not an email address/],
      [{ credits: '0' }, 'invalid_credits', /whole number from 1 to 100,000/],
      [{ credits: '-5' }, 'invalid_credits', /got "-5"/],
      [{ credits: '2.5' }, 'invalid_credits', /whole number/],
      [{ credits: '1e3' }, 'invalid_credits', /whole number/],
      [{ credits: 'lots' }, 'invalid_credits', /whole number/],
      [{ credits: '100001' }, 'invalid_credits', /100,000/],
      [{ reason: undefined }, 'missing_reason', /--reason/],
      [{ reason: '   ' }, 'missing_reason', /--reason/],
      [{ reason: 'x'.repeat(501) }, 'invalid_reason', /at most 500/],
      [{ grantedBy: 'Demo' }, 'invalid_granted_by', /kept for the demo button/],
      [{ reference: 'has spaces' }, 'invalid_reference', /letters, digits/],
    ];
    for (const [overrides, problem, message] of refusals) {
      const refused = await grant(overrides).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused, JSON.stringify(overrides)).toBeInstanceOf(CreditGrantRefused);
      expect(refused).toMatchObject({ problem, message: expect.stringMatching(message) });
    }
    expect(await accountLedger(demo.records(), payer.accountId)).toEqual({ balance: 40, held: 0 });
    expect((await entriesOf(demo, payer.accountId)).map((entry) => entry.kind)).toEqual(['grant']);
  });

  it('gives a grant with a reference once, and refuses that reference for another grant', async () => {
    const payer = await createPayer(demo.records(), demo.config, 40);
    const other = await createPayer(demo.records(), demo.config, 40);
    const reference = `ticket-${payer.user.id}`;
    const grant = (email: string, credits: string) => grantCreditsByEmail(demo.records(), demo.config.appSecret, { email, credits, reason: 'Refund for an outage', grantedBy: 'ops', reference });
    // The same grant run twice at once (a retried automation): the credits arrive once.
    const [first, second] = await Promise.all([grant(payer.user.email, '75'), grant(payer.user.email, '75')]);
    expect([first.added, second.added].sort()).toEqual([false, true]);
    expect(await accountLedger(demo.records(), payer.accountId)).toEqual({ balance: 115, held: 0 });
    await expect(grant(payer.user.email, '80')).rejects.toMatchObject({ problem: 'reference_used' });
    await expect(grant(other.user.email, '75')).rejects.toMatchObject({ problem: 'reference_used' });
    expect(await accountLedger(demo.records(), other.accountId)).toEqual({ balance: 40, held: 0 });
  });
});

describe('npm run credits:grant', () => {
  it('adds the credits, records the operator and the reason, tells the person’s open tabs, and says so', async () => {
    const payer = await createPayer(demo.records(), demo.config, 40);
    const tab = await LiveTab.open(demo.baseUrl, { cookie: payer.cookie });
    try {
      const { stdout } = await runScript(demo, payer.user.email, '500', '--reason', 'Welcome to the pilot', '--by', 'Ops Bob');
      expect(stdout).toContain(`Added 500 credits to Payer <${payer.user.email}>. They can now spend 540 credits.`);
      expect(await tab.waitFor((message) => message.type === 'credits_changed')).toMatchObject({ creditsRemaining: 540 });
    } finally {
      tab.socket.close();
    }
    expect(await accountLedger(demo.records(), payer.accountId)).toEqual({ balance: 540, held: 0 });
    expect((await entriesOf(demo, payer.accountId)).at(-1)).toMatchObject({ kind: 'operator_grant', amount: '500', granted_by: 'Ops Bob', reason: 'Welcome to the pilot' });

    // Without --by, the operating-system user is recorded; with --reference a second run adds nothing.
    const once = ['--reason', 'Conference voucher', '--reference', `voucher-${payer.user.id}`];
    expect((await runScript(demo, payer.user.email, '60', ...once)).stdout).toContain('Added 60 credits');
    expect((await runScript(demo, payer.user.email, '60', ...once)).stdout).toContain('Nothing added: this reference already gave 60 credits');
    const stored = await entriesOf(demo, payer.accountId);
    expect(stored.filter((entry) => entry.reason === 'Conference voucher')).toEqual([expect.objectContaining({ granted_by: userInfo().username, amount: '60' })]);
    expect(await accountLedger(demo.records(), payer.accountId)).toEqual({ balance: 600, held: 0 });
  }, 60_000);

  it('opens an account not opened yet with its welcome credits, so the count it reports is the one the person sees', async () => {
    const payer = await createPayer(demo.records(), demo.config, 1);
    // A person who registered but never loaded a page: no account row yet.
    await demo.records().getConnection().execute(`delete from credit_entries where account_id = ?`, [payer.accountId]);
    await demo.records().getConnection().execute(`delete from credit_accounts where id = ?`, [payer.accountId]);
    const { stdout } = await runScript(demo, payer.user.email, '100', '--reason', 'Early access');
    expect(stdout).toContain('They can now spend 250 credits.');
    const credits = await call(demo, 'GET', '/api/credits', payer.cookie);
    expect(credits.body.data).toMatchObject({ user: { creditsRemaining: 250 } });
  }, 60_000);

  it('refuses an unknown address, bad credits or a missing reason with a clear message and exit code 1', async () => {
    const payer = await createPayer(demo.records(), demo.config, 40);
    const failures: [string[], RegExp][] = [
      [['nobody-at-all@example.com', '10', '--reason', 'x'], /No account uses the address nobody-at-all@example\.com/],
      [[payer.user.email, 'ten', '--reason', 'x'], /Credits must be a whole number from 1 to 100,000 \(got "ten"\)/],
      [[payer.user.email, '1000000', '--reason', 'x'], /Credits must be a whole number/],
      [[payer.user.email, '10'], /Say why the credits are added, with --reason/],
      [[payer.user.email], /give the email address and the number of credits/],
      [[payer.user.email, '10', '--reason', 'x', '--colour', 'red'], /Unknown option '--colour'/],
    ];
    for (const [args, message] of failures) {
      await expect(runScript(demo, ...args), args.join(' ')).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(message) });
    }
    expect(await accountLedger(demo.records(), payer.accountId)).toEqual({ balance: 40, held: 0 });
  }, 90_000);
});

describe('the history of credits', () => {
  it('lists every change newest first: a charge with its model, an operator’s grant with its reason, the welcome credits; a page at a time', async () => {
    const payer = await createPayer(demo.records(), demo.config, 150);
    const answered = await postSearchStream(demo.baseUrl, { ...SEARCH_BODY, query: 'How do tides work?' }, { headers: { cookie: payer.cookie } });
    expect(answered.events.at(-1)?.event).toBe('end');
    await grantCreditsByEmail(demo.records(), demo.config.appSecret, { email: payer.user.email, credits: 300, reason: 'Sorry for the outage on Monday', grantedBy: 'ops-carol' });

    const history = await historyOf(demo, payer.cookie);
    expect(history.hasMore).toBe(false);
    expect(history.entries.map(({ kind, credits, reason, demo: byDemo, model }) => ({ kind, credits, reason, demo: byDemo, model }))).toEqual([
      { kind: 'operator_grant', credits: 300, reason: 'Sorry for the outage on Monday', demo: false, model: null },
      { kind: 'charge', credits: expect.any(Number), reason: null, demo: false, model: { engine: 'openai', model: 'gpt-4o-mini' } },
      { kind: 'grant', credits: 150, reason: null, demo: false, model: null },
    ]);
    expect(history.entries[1]!.credits).toBeLessThan(0);
    // Who granted stays in the ledger for the operators.
    expect(JSON.stringify(history)).not.toContain('ops-carol');

    const first = await historyOf(demo, payer.cookie, '?limit=2');
    expect(first.entries.map((entry) => entry.kind)).toEqual(['operator_grant', 'charge']);
    expect(first.hasMore).toBe(true);
    const rest = await historyOf(demo, payer.cookie, `?limit=2&before=${first.entries[1]!.id}`);
    expect(rest).toEqual({ entries: [history.entries[2]], hasMore: false });
  }, 60_000);

  it('is for signed-in people only, and checks its page size', async () => {
    const guest = await call(demo, 'GET', '/api/credits/history');
    expect(guest).toMatchObject({ status: 401, body: { success: false, error: { code: 'UNAUTHORIZED', message: 'Sign in to see your history of credits.' } } });
    const payer = await createPayer(demo.records(), demo.config, 10);
    expect((await call(demo, 'GET', '/api/credits/history?limit=many', payer.cookie)).body.error?.code).toBe('VALIDATION_ERROR');
    expect((await call(demo, 'GET', '/api/credits/history?before=not-an-id', payer.cookie)).body.error?.code).toBe('VALIDATION_ERROR');
  });
});

describe('POST /api/credits/demo', () => {
  it('is refused outside demo mode, in the error envelope, and adds nothing', async () => {
    const payer = await createPayer(paid.records(), paid.config, 40);
    const refused = await call(paid, 'POST', '/api/credits/demo', payer.cookie);
    expect(refused).toMatchObject({ status: 403, body: { success: false, data: null, error: { code: 'FORBIDDEN', message: 'Demo credits are only available in demo mode.' } } });
    expect(await accountLedger(paid.records(), payer.accountId)).toEqual({ balance: 40, held: 0 });
  });

  it('asks a guest to sign in', async () => {
    expect(await call(demo, 'POST', '/api/credits/demo')).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Sign in to add demo credits.' } } });
  });

  it(`adds ${DEMO_CREDITS.amount} credits through the ledger, at most ${DEMO_CREDITS.perHour} times an hour however fast it is pressed`, async () => {
    const payer = await createPayer(demo.records(), demo.config, 150);
    const tab = await LiveTab.open(demo.baseUrl, { cookie: payer.cookie });
    // Twice the allowance at once, as from many tabs: the account's lock makes them take turns.
    const answers = await Promise.all(Array.from({ length: DEMO_CREDITS.perHour * 2 }, () => call(demo, 'POST', '/api/credits/demo', payer.cookie)));
    const added = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(added).toHaveLength(DEMO_CREDITS.perHour);
    expect(added.map((answer) => (answer.body.data as { creditsRemaining: number }).creditsRemaining).sort((a, b) => a - b)).toEqual([650, 1150, 1650]);
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 429, body: { success: false, error: { code: 'RATE_LIMIT_ERROR', message: `Demo credits can be added ${DEMO_CREDITS.perHour} times an hour. Please try again later.` } } });
      const retryAfter = Number(answer.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(3_000);
      expect(retryAfter).toBeLessThanOrEqual(3_600);
    }
    try {
      await tab.waitFor((message) => message.type === 'credits_changed' && message.creditsRemaining === 150 + DEMO_CREDITS.amount * DEMO_CREDITS.perHour);
    } finally {
      tab.socket.close();
    }
    expect(await accountLedger(demo.records(), payer.accountId)).toEqual({ balance: 150 + DEMO_CREDITS.amount * DEMO_CREDITS.perHour, held: 0 });
    const demoEntries = (await entriesOf(demo, payer.accountId)).filter((entry) => entry.kind === 'operator_grant');
    expect(demoEntries).toHaveLength(DEMO_CREDITS.perHour);
    expect(demoEntries.every((entry) => entry.granted_by === 'demo' && entry.reason === DEMO_CREDITS.reason && entry.amount === String(DEMO_CREDITS.amount))).toBe(true);
    expect((await historyOf(demo, payer.cookie)).entries[0]).toMatchObject({ kind: 'operator_grant', credits: DEMO_CREDITS.amount, reason: DEMO_CREDITS.reason, demo: true });

    // An hour later the allowance is back.
    await demo.records().getConnection().execute(`update credit_entries set created_at = created_at - interval '61 minutes' where account_id = ? and kind = 'operator_grant'`, [payer.accountId]);
    expect((await call(demo, 'POST', '/api/credits/demo', payer.cookie)).status).toBe(200);
  }, 60_000);
});
