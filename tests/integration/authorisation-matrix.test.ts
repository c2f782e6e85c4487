import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import type { RunningStripeApiFake } from '../../simulator/stripe/stripe-api-fake.ts';
import { createFundedUser } from '../support/funded-user.ts';
import { GUEST_SEARCH_BODY, THREE_MODELS } from '../support/search-stream-client.ts';
import { uploadAttachment } from '../support/attachment-files.ts';

/** A budget model every caller may use: a guest's call is then refused for whose request it is, never for the model. */
const SEARCH_BODY = GUEST_SEARCH_BODY;
import { startStripeFake, stripeEnvironment } from '../support/stripe-test-kit.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

/**
 * Every call that reaches something one person owns, made as its owner, as another signed-in user and as a guest
 * (and, for a guest's own request, as another guest). Only the owner gets it; everyone else gets exactly the answer a
 * thing that does not exist gets (or 401 where signing in is required), and lists never show someone else's things.
 *
 * The route table is checked too: every `/api` route must either be walked here or be named, with its reason, among
 * the routes that reach nothing anyone owns. A new route fails this test until it is one or the other.
 */
type Role = 'owner' | 'other' | 'guest';
/** The owner goes last: some calls use the thing up (a revoke, a delete, a vote). */
const ROLES_IN_ORDER: readonly Role[] = ['other', 'guest', 'owner'];

interface Answer {
  status: number;
  text: string;
}

interface Expected {
  status: number;
  /** The envelope's error code, for a refusal. */
  code?: string;
}

interface Call {
  path: string;
  body?: unknown;
}

interface MatrixCase {
  /** Method and URL exactly as the route table has them. */
  route: string;
  label: string;
  call: () => Call;
  /** The same call naming something that does not exist: whoever is not the owner must get exactly this answer. */
  unknown?: () => Call;
  expected: Record<Role, Expected>;
  /** Text only the owner's answer may hold (a name, an id in a list). */
  secret?: () => string;
}

const OK: Expected = { status: 200 };
const NOT_FOUND: Expected = { status: 404, code: 'NOT_FOUND' };
const SIGN_IN: Expected = { status: 401, code: 'UNAUTHORIZED' };
/** Comparisons (and so their follow-ups) are for registered users; a guest is asked to register first. */
const REGISTER: Expected = { status: 403, code: 'FORBIDDEN' };
const ownerOnly = (forGuest: Expected = NOT_FOUND): Record<Role, Expected> => ({ owner: OK, other: NOT_FOUND, guest: forGuest });
/** Everyone signed in gets their own (a list, a new thing of their own); a guest is asked to sign in. */
const signedInOwn: Record<Role, Expected> = { owner: OK, other: OK, guest: SIGN_IN };

/**
 * The `/api` routes that reach nothing a person owns, and why. Anything else in the route table must be walked by the
 * matrix below.
 */
const NOT_OWNED: Record<string, string> = {
  'GET /api/models': 'the catalogue, the same for everyone',
  'GET /api/site': 'contact addresses, the same for everyone',
  'GET /api/auth': "the caller's own session and account, by definition",
  'POST /api/auth': "sign-in, registration and the caller's own account, by definition",
  'POST /api/arena/stream': 'asks a new round as the caller; it names no earlier request',
  'POST /api/support': 'sends a request as the caller (limits: abuse-limits.test.ts)',
  'GET /api/payments': 'the price list',
  'POST /api/payments/webhook': "Stripe's notifications, authorised by their signature",
  'GET /api/leaderboard': 'the public leaderboard',
  'GET /api/shared/:token': 'public by design to whoever holds the link (revocation is walked below)',
  'GET /api/shared/:token/preview.png': "the link's preview picture, public like the link (revoked, protected and unknown links are tested in shares.test.ts)",
  'POST /api/shared/:token/open': 'public by design: the passphrase of a protected link is the key (tests/integration/share-settings.test.ts)',
  'GET /api/live': 'the live socket: its subscribe message is walked in its own test below',
  'GET /api/account/sessions': "the caller's own sessions, by definition (account-settings.test.ts)",
  'POST /api/account/sessions/sign-out-others': "the caller's own other sessions, by definition",
  'PATCH /api/account/profile': "the caller's own name, by definition",
  'POST /api/account/email': "the caller's own address, by definition",
  'POST /api/account/email/confirm': 'authorised by the mailed single-use link, not by a session',
  'POST /api/account/password': "the caller's own password, by definition",
  'GET /api/account/deletion-cost': "the caller's own balance and purchases, by definition (account-deletion.test.ts)",
  'GET /api/credits/history': "the caller's own ledger, by definition (credit-grants.test.ts)",
  'POST /api/credits/demo': "grants to the caller's own account, in demo mode only (credit-grants.test.ts)",
  'GET /api/models/stats': "every model's figures over everyone's answers, counts only (no one's questions or answers)",
  'POST /api/attachments': "uploads a new file of the caller's own; it names nothing that exists (guests refused: attachments.test.ts)",
};
/** Health checks (liveness, readiness) and the API reference, whatever their paths become, reach nothing anyone owns. */
const isHealthOrReference = (route: string) => /^GET \/api\/(health|docs)(\/|$)/.test(route) || route === 'GET /api/openapi.json';

const BRAND = 'Zentrovia';
const TEAM_BODY = { name: 'Their own', models: [{ engine: 'openai', model: 'gpt-4o-mini' }, { engine: 'deepseek', model: 'deepseek-chat' }] };
const CHAIRMAN = { engine: 'groq', model: 'llama-3.1-8b-instant' };
const TRACKING_MODELS = [
  { engine: 'openai', model: 'gpt-4o-mini' },
  { engine: 'deepseek', model: 'deepseek-chat' },
];

describe('who may reach what', () => {
  const table: RouteOptions[] = [];
  let stack: TestStack;
  let fake: RunningStripeApiFake;
  let otherCookie: string;
  const guestSession = randomUUID();
  const ids = {
    finished: '',
    compared: '',
    arenaRound: '',
    guestRequest: '',
    apiKey: '',
    apiKeySecret: '',
    shareToken: '',
    trackingSet: '',
    trackingSetName: `Watch ${randomUUID().slice(0, 8)}`,
    paymentIntent: '',
    /** A request of the owner's that the matrix deletes. */
    disposable: '',
    /** The brand analysis of an owner's answer that names the brand. */
    mention: '',
    /** A council on the owner's comparison, its reviews finished. */
    council: '',
    team: '',
    teamName: `Team ${randomUUID().slice(0, 8)}`,
    /** A team of the owner's that the matrix deletes. */
    disposableTeam: '',
    /** An uploaded file of the owner's, not yet asked with, and one that the matrix deletes. */
    attachment: '',
    disposableAttachment: '',
  };
  const casesRun: string[] = [];

  const headersOf = (caller: Role | 'another-guest'): Record<string, string> => {
    switch (caller) {
      case 'owner':
        return { cookie: stack.fundedCookie };
      case 'other':
        return { cookie: otherCookie };
      case 'guest':
        return { 'x-session-id': guestSession };
      case 'another-guest':
        return { 'x-session-id': randomUUID() };
    }
  };

  async function call(caller: Role | 'another-guest', method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(`${stack.baseUrl}${path}`, {
      method,
      headers: { ...headersOf(caller), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, text: await response.text() };
  }

  const dataOf = <T,>(answer: Answer): T => (JSON.parse(answer.text) as { data: T }).data;
  const codeOf = (answer: Answer): string | undefined => {
    try {
      return (JSON.parse(answer.text) as { error?: { code?: string } | null }).error?.code;
    } catch {
      return undefined;
    }
  };

  beforeAll(async () => {
    fake = await startStripeFake();
    // Far above what the matrix sends: the limits have their own tests.
    stack = await startTestStack({ onRoute: (route) => table.push(route), environment: { ...stripeEnvironment(fake), AUTH_RATE_LIMIT_SCALE: '1000' } });
    otherCookie = await createFundedUser(stack.records(), stack.config, 'Other Person');

    const finished = await stack.ask({ ...SEARCH_BODY, query: `Tell me about ${BRAND} [[simulate chunks=3]]`, brandMonitoringEnabled: true, brandConfig: { brandName: BRAND } });
    expect(finished.events.at(-1)?.event).toBe('end');
    ids.finished = String(finished.events[0]!.data.requestId);
    const naming = await stack.ask({ ...SEARCH_BODY, query: `${BRAND} is reliable. [[simulate echo=1]]`, brandMonitoringEnabled: true, brandConfig: { brandName: BRAND } });
    const [mention] = await stack.records().execute<{ id: string; mentioned: boolean }[]>('select id, mentioned from brand_mentions where request_id = ?', [
      String(naming.events[0]!.data.requestId),
    ]);
    expect(mention?.mentioned).toBe(true);
    ids.mention = mention!.id;
    const disposable = await stack.ask({ ...SEARCH_BODY, query: 'Forget me [[simulate chunks=1]]' });
    expect(disposable.events.at(-1)?.event).toBe('end');
    ids.disposable = String(disposable.events[0]!.data.requestId);

    const compared = await call('owner', 'POST', '/api/compare', { query: 'Compare these [[simulate chunks=2]]', models: THREE_MODELS });
    expect(compared.status, compared.text).toBe(200);
    ids.compared = dataOf<{ requestId: string }>(compared).requestId;

    const council = await call('owner', 'POST', `/api/requests/${ids.compared}/council`, { engine: 'groq', model: 'llama-3.1-8b-instant' });
    expect(council.status, council.text).toBe(200);
    ids.council = dataOf<{ id: string }>(council).id;
    // The chairman may start only once the reviews are in.
    for (let attempt = 0; attempt < 300 && dataOf<{ status: string }>(await call('owner', 'GET', `/api/councils/${ids.council}`)).status === 'reviewing'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(dataOf<{ status: string }>(await call('owner', 'GET', `/api/councils/${ids.council}`)).status).toBe('reviewed');
    for (const key of ['attachment', 'disposableAttachment'] as const) {
      const uploaded = await uploadAttachment(stack.baseUrl, stack.fundedCookie, `${key}.txt`, Buffer.from(`Notes of the owner's: ${key}`));
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      ids[key] = uploaded.body.data!.id;
    }
    for (const [key, name] of [['team', ids.teamName], ['disposableTeam', 'Disposable']] as const) {
      const team = await call('owner', 'POST', '/api/teams', { ...TEAM_BODY, name });
      expect(team.status, team.text).toBe(200);
      ids[key] = dataOf<{ id: string }>(team).id;
    }

    const round = await stack.ask({ query: 'Cats or dogs? [[simulate chunks=2]]', category: 'general', models: THREE_MODELS.slice(0, 2) }, { path: '/api/arena/stream' });
    expect(round.events.at(-1)?.event).toBe('all_complete');
    ids.arenaRound = String(round.events[0]!.data.requestId);

    const asGuest = await fetch(`${stack.baseUrl}/api/search/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headersOf('guest') },
      body: JSON.stringify({ ...SEARCH_BODY, query: 'A guest asks [[simulate chunks=3]]' }),
    });
    expect(asGuest.status).toBe(200);
    ids.guestRequest = /"requestId":"([^"]+)"/.exec(await asGuest.text())![1]!;

    const key = await call('owner', 'POST', '/api/api-keys', { name: 'matrix' });
    expect(key.status).toBe(200);
    ({ id: ids.apiKey, key: ids.apiKeySecret } = dataOf<{ id: string; key: string }>(key));

    const share = await call('owner', 'POST', '/api/shares', { requestId: ids.finished });
    expect(share.status, share.text).toBe(200);
    ids.shareToken = dataOf<{ token: string }>(share).token;

    const set = await call('owner', 'POST', '/api/tracking/sets', {
      name: ids.trackingSetName,
      brand: { brandName: BRAND, competitors: ['Quentix'] },
      prompts: [`Who makes the best ${BRAND} gadgets`],
      models: TRACKING_MODELS,
      cadence: 'weekly',
    });
    expect(set.status, set.text).toBe(200);
    ids.trackingSet = dataOf<{ set: { id: string } }>(set).set.id;

    const payment = await call('owner', 'POST', '/api/payments', { creditAmount: 100 });
    expect(payment.status, payment.text).toBe(200);
    ids.paymentIntent = dataOf<{ paymentIntentId: string }>(payment).paymentIntentId;
    // Paid at the card step, not yet confirmed with Quorum: only the owner's confirmation may credit it.
    fake.confirm(ids.paymentIntent);
  }, 120_000);

  afterAll(async () => {
    const http = casesRun.filter((run) => !run.startsWith('socket'));
    const routes = new Set(http.map((run) => run.split(' ').slice(0, 2).join(' ')));
    console.info(`authorisation matrix: ${casesRun.length} endpoint×role cases (${http.length} HTTP over ${routes.size} routes, ${casesRun.length - http.length} socket subscriptions)`);
    await stack?.close();
    await fake?.close();
  });

  const ask = (query: string, extra: Record<string, unknown>) => ({ ...SEARCH_BODY, query: `${query} [[simulate chunks=2]]`, ...extra });
  const compare = (query: string, extra: Record<string, unknown>) => ({ query: `${query} [[simulate chunks=2]]`, models: THREE_MODELS, ...extra });
  const trackingPath = (suffix: string) => () => ({ path: `/api/tracking/sets/${ids.trackingSet}${suffix}` });
  const unknownTrackingPath = (suffix: string) => () => ({ path: `/api/tracking/sets/${randomUUID()}${suffix}` });

  const CASES: MatrixCase[] = [
    // A request and what hangs off it.
    { route: 'GET /api/requests/:id/events', label: "a request's events", call: () => ({ path: `/api/requests/${ids.finished}/events` }), unknown: () => ({ path: `/api/requests/${randomUUID()}/events` }), expected: ownerOnly(), secret: () => BRAND },
    { route: 'GET /api/requests/:id/thread', label: "a request's thread", call: () => ({ path: `/api/requests/${ids.finished}/thread` }), unknown: () => ({ path: `/api/requests/${randomUUID()}/thread` }), expected: ownerOnly() },
    {
      route: 'GET /api/requests/:id/follow-up-size',
      label: "a request's follow-up size",
      call: () => ({ path: `/api/requests/${ids.finished}/follow-up-size` }),
      unknown: () => ({ path: `/api/requests/${randomUUID()}/follow-up-size` }),
      expected: ownerOnly(),
    },
    { route: 'GET /api/requests/:id', label: 'one question as the history shows it', call: () => ({ path: `/api/requests/${ids.finished}` }), unknown: () => ({ path: `/api/requests/${randomUUID()}` }), expected: ownerOnly(), secret: () => BRAND },
    { route: 'GET /api/requests/:id/export', label: 'exporting a request', call: () => ({ path: `/api/requests/${ids.finished}/export?format=json` }), unknown: () => ({ path: `/api/requests/${randomUUID()}/export?format=json` }), expected: ownerOnly(), secret: () => BRAND },
    { route: 'POST /api/requests/:id/cancel', label: 'stopping a request', call: () => ({ path: `/api/requests/${ids.finished}/cancel`, body: {} }), unknown: () => ({ path: `/api/requests/${randomUUID()}/cancel`, body: {} }), expected: ownerOnly() },
    { route: 'POST /api/requests/:id/judge', label: 'judging a comparison', call: () => ({ path: `/api/requests/${ids.compared}/judge`, body: { engine: 'groq', model: 'llama-3.1-8b-instant' } }), unknown: () => ({ path: `/api/requests/${randomUUID()}/judge`, body: { engine: 'groq', model: 'llama-3.1-8b-instant' } }), expected: ownerOnly() },
    // The council on a comparison: the comparison's owner alone.
    { route: 'GET /api/requests/:id/council/preview', label: "a council's price", call: () => ({ path: `/api/requests/${ids.compared}/council/preview?engine=groq&model=llama-3.1-8b-instant` }), unknown: () => ({ path: `/api/requests/${randomUUID()}/council/preview?engine=groq&model=llama-3.1-8b-instant` }), expected: ownerOnly(SIGN_IN) },
    { route: 'POST /api/requests/:id/council', label: 'holding a council', call: () => ({ path: `/api/requests/${ids.compared}/council`, body: CHAIRMAN }), unknown: () => ({ path: `/api/requests/${randomUUID()}/council`, body: CHAIRMAN }), expected: ownerOnly(SIGN_IN) },
    { route: 'GET /api/requests/:id/councils', label: "a comparison's councils", call: () => ({ path: `/api/requests/${ids.compared}/councils` }), unknown: () => ({ path: `/api/requests/${randomUUID()}/councils` }), expected: ownerOnly(SIGN_IN), secret: () => ids.council },
    { route: 'GET /api/councils/:id', label: 'a council', call: () => ({ path: `/api/councils/${ids.council}` }), unknown: () => ({ path: `/api/councils/${randomUUID()}` }), expected: ownerOnly(SIGN_IN), secret: () => ids.council },
    { route: 'POST /api/councils/:id/chairman', label: "starting a council's chairman", call: () => ({ path: `/api/councils/${ids.council}/chairman` }), unknown: () => ({ path: `/api/councils/${randomUUID()}/chairman` }), expected: ownerOnly(SIGN_IN) },
    // Saved teams: each person's own; asking with someone else's is not found.
    { route: 'GET /api/teams', label: 'the saved teams', call: () => ({ path: '/api/teams' }), expected: signedInOwn, secret: () => ids.teamName },
    { route: 'POST /api/teams', label: 'saving a team', call: () => ({ path: '/api/teams', body: TEAM_BODY }), expected: signedInOwn },
    { route: 'GET /api/teams/:id', label: 'a saved team', call: () => ({ path: `/api/teams/${ids.team}` }), unknown: () => ({ path: `/api/teams/${randomUUID()}` }), expected: ownerOnly(SIGN_IN), secret: () => ids.teamName },
    { route: 'PUT /api/teams/:id', label: 'changing a saved team', call: () => ({ path: `/api/teams/${ids.team}`, body: { ...TEAM_BODY, name: ids.teamName } }), unknown: () => ({ path: `/api/teams/${randomUUID()}`, body: { ...TEAM_BODY, name: ids.teamName } }), expected: ownerOnly(SIGN_IN) },
    { route: 'DELETE /api/teams/:id', label: 'deleting a saved team', call: () => ({ path: `/api/teams/${ids.disposableTeam}` }), unknown: () => ({ path: `/api/teams/${randomUUID()}` }), expected: ownerOnly(SIGN_IN) },
    { route: 'POST /api/compare', label: 'comparing with a saved team', call: () => ({ path: '/api/compare', body: { query: 'A team asks [[simulate chunks=2]]', teamId: ids.team } }), unknown: () => ({ path: '/api/compare', body: { query: 'A team asks [[simulate chunks=2]]', teamId: randomUUID() } }), expected: ownerOnly() },
    // Continuing, retrying and regenerating: the earlier request must be the caller's own.
    { route: 'POST /api/search/stream', label: 'a streamed follow-up', call: () => ({ path: '/api/search/stream', body: ask('And then?', { followUpOf: ids.finished }) }), unknown: () => ({ path: '/api/search/stream', body: ask('And then?', { followUpOf: randomUUID() }) }), expected: ownerOnly() },
    { route: 'POST /api/search/stream', label: 'a streamed retry', call: () => ({ path: '/api/search/stream', body: ask('Again', { retryOf: ids.finished }) }), unknown: () => ({ path: '/api/search/stream', body: ask('Again', { retryOf: randomUUID() }) }), expected: ownerOnly() },
    { route: 'POST /api/search', label: 'a follow-up answered whole', call: () => ({ path: '/api/search', body: ask('And after that?', { followUpOf: ids.finished }) }), unknown: () => ({ path: '/api/search', body: ask('And after that?', { followUpOf: randomUUID() }) }), expected: ownerOnly() },
    { route: 'POST /api/compare/stream', label: 'a streamed comparison follow-up', call: () => ({ path: '/api/compare/stream', body: compare('Which is right?', { followUpOf: ids.compared }) }), unknown: () => ({ path: '/api/compare/stream', body: compare('Which is right?', { followUpOf: randomUUID() }) }), expected: ownerOnly(REGISTER) },
    { route: 'POST /api/compare', label: 'a comparison follow-up answered whole', call: () => ({ path: '/api/compare', body: compare('Why?', { followUpOf: ids.compared }) }), unknown: () => ({ path: '/api/compare', body: compare('Why?', { followUpOf: randomUUID() }) }), expected: ownerOnly(REGISTER) },
    { route: 'POST /api/search/stream', label: 'an edited question', call: () => ({ path: '/api/search/stream', body: ask('Edited', { versionOf: ids.finished }) }), unknown: () => ({ path: '/api/search/stream', body: ask('Edited', { versionOf: randomUUID() }) }), expected: ownerOnly() },
    { route: 'POST /api/compare/stream', label: 'a comparison follow-up carrying one answer', call: () => ({ path: '/api/compare/stream', body: compare('Carried?', { followUpOf: ids.compared, continueMode: 'carry', carryFrom: 'openai/gpt-4o-mini' }) }), unknown: () => ({ path: '/api/compare/stream', body: compare('Carried?', { followUpOf: randomUUID(), continueMode: 'carry', carryFrom: 'openai/gpt-4o-mini' }) }), expected: ownerOnly(REGISTER) },
    // The arena.
    { route: 'GET /api/arena/:id', label: 'an arena round', call: () => ({ path: `/api/arena/${ids.arenaRound}` }), unknown: () => ({ path: `/api/arena/${randomUUID()}` }), expected: ownerOnly() },
    { route: 'POST /api/arena/:id/vote', label: 'voting on an arena round', call: () => ({ path: `/api/arena/${ids.arenaRound}/vote`, body: { verdict: 'all_bad' } }), unknown: () => ({ path: `/api/arena/${randomUUID()}/vote`, body: { verdict: 'all_bad' } }), expected: ownerOnly() },
    { route: 'GET /api/leaderboard/mine', label: "one's own leaderboard", call: () => ({ path: '/api/leaderboard/mine' }), expected: signedInOwn },
    // History, brand analytics, credits.
    { route: 'GET /api/user-requests', label: 'the history', call: () => ({ path: '/api/user-requests?limit=100' }), expected: signedInOwn, secret: () => ids.finished },
    { route: 'GET /api/user-requests/export.csv', label: 'the history as CSV', call: () => ({ path: '/api/user-requests/export.csv' }), expected: signedInOwn, secret: () => `Tell me about ${BRAND}` },
    { route: 'GET /api/brand-config/recent', label: 'recent brands', call: () => ({ path: '/api/brand-config/recent' }), expected: signedInOwn, secret: () => BRAND },
    { route: 'GET /api/brand-config/mentions', label: 'brand mentions', call: () => ({ path: `/api/brand-config/mentions?brandName=${BRAND}` }), expected: signedInOwn },
    { route: 'POST /api/brand-config/mentions/:id/correction', label: 'correcting a brand verdict', call: () => ({ path: `/api/brand-config/mentions/${ids.mention}/correction`, body: { sentiment: 'negative' } }), unknown: () => ({ path: `/api/brand-config/mentions/${randomUUID()}/correction`, body: { sentiment: 'negative' } }), expected: ownerOnly(SIGN_IN) },
    { route: 'GET /api/brand-config/mentions.csv', label: 'brand mentions as CSV', call: () => ({ path: `/api/brand-config/mentions.csv?brandName=${BRAND}` }), expected: signedInOwn },
    { route: 'GET /api/brand-config/analytics', label: 'brand analytics', call: () => ({ path: '/api/brand-config/analytics' }), expected: signedInOwn, secret: () => BRAND },
    { route: 'GET /api/credits', label: 'credits', call: () => ({ path: '/api/credits' }), expected: { owner: OK, other: OK, guest: OK } },
    // The judge's saved instructions: each person has their own.
    { route: 'GET /api/judge/prompts', label: 'the saved judge instructions', call: () => ({ path: '/api/judge/prompts' }), expected: signedInOwn },
    { route: 'PUT /api/judge/prompts/:mode', label: 'saving a judge instruction', call: () => ({ path: '/api/judge/prompts/rank', body: { instruction: 'Rank them by length.' } }), expected: signedInOwn },
    { route: 'DELETE /api/judge/prompts/:mode', label: 'resetting a judge instruction', call: () => ({ path: '/api/judge/prompts/rank' }), expected: signedInOwn },
    // Sharing.
    { route: 'POST /api/shares', label: 'sharing a request', call: () => ({ path: '/api/shares', body: { requestId: ids.finished } }), unknown: () => ({ path: '/api/shares', body: { requestId: randomUUID() } }), expected: ownerOnly(SIGN_IN), secret: () => ids.shareToken },
    { route: 'GET /api/shares', label: 'the shared links', call: () => ({ path: '/api/shares' }), expected: signedInOwn, secret: () => ids.shareToken },
    // GEO tracking.
    { route: 'POST /api/tracking/cost-preview', label: 'a tracking cost preview', call: () => ({ path: '/api/tracking/cost-preview', body: { prompts: 1, models: TRACKING_MODELS, cadence: 'weekly' } }), expected: signedInOwn },
    { route: 'GET /api/tracking/sets', label: 'the tracked prompt sets', call: () => ({ path: '/api/tracking/sets' }), expected: signedInOwn, secret: () => ids.trackingSet },
    { route: 'POST /api/tracking/sets', label: 'tracking a new prompt set', call: () => ({ path: '/api/tracking/sets', body: { name: 'Mine', brand: { brandName: 'Mine' }, prompts: ['Who is best'], models: TRACKING_MODELS, cadence: 'weekly' } }), expected: signedInOwn },
    { route: 'GET /api/tracking/sets/:id', label: 'a tracked prompt set', call: trackingPath(''), unknown: unknownTrackingPath(''), expected: ownerOnly(SIGN_IN), secret: () => ids.trackingSetName },
    { route: 'GET /api/tracking/sets/:id/dashboard', label: "a tracked set's dashboard", call: trackingPath('/dashboard'), unknown: unknownTrackingPath('/dashboard'), expected: ownerOnly(SIGN_IN) },
    { route: 'GET /api/tracking/sets/:id/tables', label: "a tracked set's tables", call: trackingPath('/tables'), unknown: unknownTrackingPath('/tables'), expected: ownerOnly(SIGN_IN) },
    { route: 'GET /api/tracking/sets/:id/canary', label: "a tracked set's canary readings", call: trackingPath('/canary'), unknown: unknownTrackingPath('/canary'), expected: ownerOnly(SIGN_IN) },
    { route: 'GET /api/tracking/sets/:id/runs', label: "a tracked set's runs", call: trackingPath('/runs'), unknown: unknownTrackingPath('/runs'), expected: ownerOnly(SIGN_IN) },
    { route: 'GET /api/tracking/sets/:id/results', label: "a tracked set's results", call: trackingPath('/results'), unknown: unknownTrackingPath('/results'), expected: ownerOnly(SIGN_IN) },
    { route: 'GET /api/tracking/sets/:id/results.csv', label: "a tracked set's results as CSV", call: trackingPath('/results.csv'), unknown: unknownTrackingPath('/results.csv'), expected: ownerOnly(SIGN_IN) },
    { route: 'GET /api/tracking/sets/:id/retrieval', label: "a tracked set's retrieval figures", call: trackingPath('/retrieval'), unknown: unknownTrackingPath('/retrieval'), expected: ownerOnly(SIGN_IN) },
    { route: 'GET /api/tracking/sets/:id/reanalyse', label: "a tracked set's re-analysis preview", call: trackingPath('/reanalyse'), unknown: unknownTrackingPath('/reanalyse'), expected: ownerOnly(SIGN_IN) },
    {
      route: 'POST /api/tracking/sets/:id/reanalyse',
      label: "re-analysing a tracked set's history",
      // A figure the set cannot have: the owner reaches the set and is told to look at the cost again (nothing starts),
      // where anyone else meets a set that does not exist.
      call: () => ({ path: `/api/tracking/sets/${ids.trackingSet}/reanalyse`, body: { judge: false, readings: 999_999 } }),
      unknown: () => ({ path: `/api/tracking/sets/${randomUUID()}/reanalyse`, body: { judge: false, readings: 999_999 } }),
      expected: { owner: { status: 400, code: 'VALIDATION_ERROR' }, other: NOT_FOUND, guest: SIGN_IN },
    },
    // Files uploaded to ask with: each person's own.
    {
      route: 'GET /api/attachments/:id/content',
      label: "an uploaded file's bytes",
      call: () => ({ path: `/api/attachments/${ids.attachment}/content` }),
      unknown: () => ({ path: `/api/attachments/${randomUUID()}/content` }),
      expected: ownerOnly(SIGN_IN),
      secret: () => "Notes of the owner's",
    },
    {
      route: 'DELETE /api/attachments/:id',
      label: 'deleting an uploaded file',
      call: () => ({ path: `/api/attachments/${ids.disposableAttachment}` }),
      unknown: () => ({ path: `/api/attachments/${randomUUID()}` }),
      expected: ownerOnly(SIGN_IN),
    },
    { route: 'GET /api/tracking/sets/:id/fact-checks', label: "a tracked set's fact-checks", call: trackingPath('/fact-checks'), unknown: unknownTrackingPath('/fact-checks'), expected: ownerOnly(SIGN_IN) },
    { route: 'GET /api/tracking/sets/:id/fact-checks.csv', label: "a tracked set's contradictions as CSV", call: trackingPath('/fact-checks.csv'), unknown: unknownTrackingPath('/fact-checks.csv'), expected: ownerOnly(SIGN_IN) },
    { route: 'PATCH /api/tracking/sets/:id', label: 'pausing a tracked set', call: () => ({ ...trackingPath('')(), body: { status: 'paused' } }), unknown: () => ({ ...unknownTrackingPath('')(), body: { status: 'paused' } }), expected: ownerOnly(SIGN_IN) },
    { route: 'DELETE /api/tracking/sets/:id', label: 'deleting a tracked set', call: trackingPath(''), unknown: unknownTrackingPath(''), expected: ownerOnly(SIGN_IN) },
    // API keys.
    { route: 'GET /api/api-keys', label: 'the API keys', call: () => ({ path: '/api/api-keys' }), expected: signedInOwn, secret: () => ids.apiKey },
    { route: 'POST /api/api-keys', label: 'making an API key', call: () => ({ path: '/api/api-keys', body: { name: 'their own' } }), expected: signedInOwn },
    { route: 'DELETE /api/user-requests/:id', label: 'deleting a request from the history', call: () => ({ path: `/api/user-requests/${ids.disposable}` }), unknown: () => ({ path: `/api/user-requests/${randomUUID()}` }), expected: ownerOnly(SIGN_IN) },
    { route: 'DELETE /api/api-keys/:id', label: 'revoking an API key', call: () => ({ path: `/api/api-keys/${ids.apiKey}` }), unknown: () => ({ path: `/api/api-keys/${randomUUID()}` }), expected: ownerOnly(SIGN_IN) },
    // Payments: someone else's payment reads like one that does not exist.
    { route: 'POST /api/payments', label: 'starting a payment', call: () => ({ path: '/api/payments', body: { creditAmount: 100 } }), expected: signedInOwn },
    {
      route: 'PUT /api/payments',
      label: 'confirming a payment',
      call: () => ({ path: '/api/payments', body: { paymentIntentId: ids.paymentIntent } }),
      unknown: () => ({ path: '/api/payments', body: { paymentIntentId: `pi_${randomUUID().replaceAll('-', '')}` } }),
      expected: { owner: OK, other: { status: 404, code: 'PAYMENT_NOT_FOUND' }, guest: SIGN_IN },
    },
    { route: 'PATCH /api/shares/:token', label: "changing a shared link's settings", call: () => ({ path: `/api/shares/${ids.shareToken}`, body: { expiresInDays: 30 } }), unknown: () => ({ path: `/api/shares/${'b'.repeat(32)}`, body: { expiresInDays: 30 } }), expected: ownerOnly(SIGN_IN) },
    // Revoking a shared link: last, since the owner's revoke ends the link the cases above share.
    { route: 'DELETE /api/shares/:token', label: 'revoking a shared link', call: () => ({ path: `/api/shares/${ids.shareToken}` }), unknown: () => ({ path: `/api/shares/${randomUUID()}` }), expected: ownerOnly(SIGN_IN) },
  ];

  const methodOf = (route: string) => route.split(' ')[0]!;

  for (const matrixCase of CASES) {
    it(`${matrixCase.label} (${matrixCase.route}): only for its owner`, async () => {
      const method = methodOf(matrixCase.route);
      for (const role of ROLES_IN_ORDER) {
        const { path, body } = matrixCase.call();
        const answer = await call(role, method, path, body);
        const expected = matrixCase.expected[role];
        expect({ role, status: answer.status, code: expected.code === undefined ? undefined : codeOf(answer) }, answer.text.slice(0, 300)).toEqual({ role, ...expected });
        casesRun.push(`${matrixCase.route} ${role}`);
        const secret = matrixCase.secret?.();
        if (secret !== undefined) {
          if (role === 'owner') expect(answer.text).toContain(secret);
          else expect({ role, leaked: answer.text.includes(secret) }).toEqual({ role, leaked: false });
        }
        // Someone else's thing is indistinguishable from one that does not exist: the same status and envelope.
        if (role !== 'owner' && matrixCase.unknown && expected.status >= 400) {
          const missing = matrixCase.unknown();
          const forMissing = await call(role, method, missing.path, missing.body);
          expect({ role, status: answer.status, body: JSON.parse(answer.text) }).toEqual({ role, status: forMissing.status, body: JSON.parse(forMissing.text) });
        }
      }
    });
  }

  it('walks every /api route that reaches something someone owns, and names why the others reach nothing', () => {
    const routes = [
      ...new Set(
        table
          .filter((route) => route.url.startsWith('/api/'))
          .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD').map((method) => `${method} ${route.url}`)),
      ),
    ].sort();
    const walked = new Set(CASES.map((matrixCase) => matrixCase.route));
    const unaccounted = routes.filter((route) => !walked.has(route) && !(route in NOT_OWNED) && !isHealthOrReference(route));
    expect(unaccounted, 'routes neither walked by the matrix nor named in NOT_OWNED').toEqual([]);
    // Nothing stale: every walked or exempted route still exists.
    expect([...walked, ...Object.keys(NOT_OWNED)].filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('after its revoke, a shared link answers like one that never existed', async () => {
    const revoked = await call('guest', 'GET', `/api/shared/${ids.shareToken}`);
    const never = await call('guest', 'GET', `/api/shared/${randomUUID()}`);
    expect(revoked.status).toBe(404);
    expect(JSON.parse(revoked.text)).toEqual(JSON.parse(never.text));
  });

  it("gives a guest's request only to that guest", async () => {
    const path = `/api/requests/${ids.guestRequest}/events`;
    expect((await call('guest', 'GET', path)).status).toBe(200);
    for (const caller of ['owner', 'other', 'another-guest'] as const) {
      const refused = await call(caller, 'GET', path);
      expect({ caller, status: refused.status, code: codeOf(refused) }).toEqual({ caller, status: 404, code: 'NOT_FOUND' });
      casesRun.push(`GET /api/requests/:id/events (a guest's) ${caller}`);
    }
  });

  it("stops a running request only for its owner; anyone else's stop changes nothing", async () => {
    const leave = new AbortController();
    let requestId = '';
    const running = stack
      .ask({ ...SEARCH_BODY, query: 'Long enough to be stopped [[simulate chunks=200 chunk-ms=30]]' }, {
        signal: leave.signal,
        onEvent: (event) => {
          requestId ||= String(event.data.requestId);
          if (event.event === 'chunk') leave.abort();
        },
      })
      .catch(() => undefined);
    await running;
    const path = `/api/requests/${requestId}/cancel`;
    for (const caller of ['other', 'guest'] as const) expect((await call(caller, 'POST', path, {})).status).toBe(404);
    const [run] = await stack.records().find(ModelRun, { request: requestId });
    expect(run!.status).toBe('running');
    expect((await call('owner', 'POST', path, {})).status).toBe(200);
    expect((await stack.records().findOneOrFail(ModelRun, run!.id, { refresh: true })).errorCode).toBe('CANCELLED');
  });

  it('lets a revoked API key do nothing more', async () => {
    // The matrix revoked the owner's key (after refusing everyone else's attempt): the OpenAI-compatible API refuses it.
    expect((await call('guest', 'GET', '/v1/models', undefined, { authorization: `Bearer ${ids.apiKeySecret}` })).status).toBe(401);
  });

  it("never shows one person's credits to another", async () => {
    const credits = async (caller: Role) => dataOf<{ creditsRemaining?: number; user?: unknown }>(await call(caller, 'GET', '/api/credits'));
    expect(await credits('other')).not.toEqual(await credits('owner'));
  });

  it('relays a request over the live socket only to its owner', async () => {
    const subscribe = async (caller: Role, requestId: string) => {
      const socket = new WebSocket(new URL('/api/live', stack.baseUrl.replace(/^http/, 'ws')), { headers: headersOf(caller) } as unknown as string[]);
      const first = new Promise<{ type: string; code?: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer on the socket')), 10_000);
        socket.addEventListener('message', (event) => {
          const message = JSON.parse(String(event.data)) as { type: string; requestId?: string; code?: string };
          if (message.requestId !== requestId) return;
          clearTimeout(timer);
          resolve(message);
        });
      });
      await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
      socket.send(JSON.stringify({ type: 'subscribe', requestId }));
      const answer = await first;
      socket.close();
      casesRun.push(`socket subscribe ${caller}`);
      return answer;
    };
    expect(await subscribe('owner', ids.finished)).toMatchObject({ type: 'subscribed' });
    for (const caller of ['other', 'guest'] as const) expect(await subscribe(caller, ids.finished)).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    // An unknown request is answered the same way.
    expect(await subscribe('other', randomUUID())).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    expect(await subscribe('guest', ids.guestRequest)).toMatchObject({ type: 'subscribed' });
    expect(await subscribe('owner', ids.guestRequest)).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
  });
});
