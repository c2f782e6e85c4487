import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRun } from '../../core/database/entities/model-run.ts';
import { SearchRequest } from '../../core/database/entities/search-request.ts';
import { User } from '../../core/database/entities/user.ts';
import { SESSION_COOKIE } from '../../server/auth/session-cookie.ts';
import { SessionService } from '../../core/accounts/session-service.ts';
import { GUEST_SEARCH_BODY, postSearchStream } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

let stack: TestStack;

beforeAll(async () => {
  // Behind a trusted proxy, so each test can be a different visitor (X-Forwarded-For).
  stack = await startTestStack({ environment: { AUTH_RATE_LIMIT_SCALE: '1000', TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await stack?.close();
});

interface CreditsBody {
  data: {
    user: { tier: string; creditsRemaining: number; creditsHeld: number };
    pricing: { models: Record<string, Record<string, number>>; features: { webSearch: number } };
  };
}

/** Each guest gets its own IP through the trusted proxy header, as separate visitors would. */
function guest(ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {
  return { 'x-forwarded-for': ip };
}

async function credits(headers: Record<string, string>) {
  const response = await fetch(`${stack.baseUrl}/api/credits`, { headers });
  return ((await response.json()) as CreditsBody).data;
}

async function signedIn(email: string, tier: 'registered' | 'subscribed' = 'registered') {
  const em = stack.records();
  const user = em.create(User, { id: randomUUID(), name: 'Payer', email, emailVerified: true, passwordHash: 'x', tier });
  await em.flush();
  const session = await new SessionService(stack.config.auth).issue(em, user);
  return { user, headers: { cookie: `${SESSION_COOKIE}=${session.token}` } };
}

describe('grants and the price list', () => {
  it('gives a guest 20 credits once per IP, whatever anonymous session they come with', async () => {
    const visitor = guest();
    const first = await credits({ ...visitor, 'x-session-id': randomUUID() });
    expect(first.user).toMatchObject({ tier: 'free', creditsRemaining: 20, creditsHeld: 0 });
    expect((await credits({ ...visitor, 'x-session-id': randomUUID() })).user.creditsRemaining).toBe(20);
    expect(first.pricing.models.openai!['gpt-5']).toBe(20);
    expect(first.pricing.models['ai-overview']!['google-ai-overview']).toBe(10);
    expect(first.pricing.features.webSearch).toBe(2);
  });

  it('gives a registered person 150 once: deleting the account and registering again grants nothing', async () => {
    const email = `grant-${randomUUID()}@example.com`;
    const first = await signedIn(email);
    expect((await credits(first.headers)).user).toMatchObject({ tier: 'registered', creditsRemaining: 150 });
    const deleted = await fetch(`${stack.baseUrl}/api/auth?action=delete-account`, { method: 'POST', headers: first.headers });
    expect(deleted.status).toBe(200);
    const again = await signedIn(email);
    expect((await credits(again.headers)).user.creditsRemaining).toBe(0);
    // The old account's money trail is still there, without the person.
    const [anonymised] = await stack.records().getConnection().execute(
      `select user_id, anonymised_at is not null as anonymised, balance from credit_accounts where user_id is null and guest_key is null`,
    );
    expect(anonymised).toMatchObject({ user_id: null, anonymised: true, balance: '150' });
  });
});

describe('paying for answers', () => {
  it('holds the price while the answer streams, charges it on success, and shows it in the end event', async () => {
    const visitor = guest();
    let heldDuringStream: { creditsRemaining: number; creditsHeld: number } | undefined;
    const result = await postSearchStream(stack.baseUrl, { ...GUEST_SEARCH_BODY, query: 'Hold then charge [[simulate chunks=10 chunk-ms=30]]' }, {
      headers: visitor,
      onEvent: async (event) => {
        if (event.event === 'chunk' && !heldDuringStream) heldDuringStream = (await credits(visitor)).user;
      },
    });
    expect(heldDuringStream).toMatchObject({ creditsRemaining: 17, creditsHeld: 3 });
    expect(result.events.at(-1)!.data.creditsUsed).toBe(3);
    expect((await credits(visitor)).user).toMatchObject({ creditsRemaining: 17, creditsHeld: 0 });
  });

  it('charges nothing for a failed answer', async () => {
    const visitor = guest();
    const result = await postSearchStream(stack.baseUrl, { ...GUEST_SEARCH_BODY, query: 'Fail me [[simulate status=500]]' }, { headers: visitor });
    expect(result.events.at(-1)!.event).toBe('error');
    expect((await credits(visitor)).user).toMatchObject({ creditsRemaining: 20, creditsHeld: 0 });
    const run = await stack.records().findOneOrFail(ModelRun, String(result.events.at(-1)!.data.runId));
    expect(run.creditsCharged).toBe(0);
  });

  it('refuses a question the credits cannot cover, storing and queueing nothing', async () => {
    const visitor = guest();
    // Six questions at 3 credits leave 2 of the 20.
    for (let index = 0; index < 6; index += 1) {
      const paid = await postSearchStream(stack.baseUrl, { ...GUEST_SEARCH_BODY, query: `Paid ${index}` }, { headers: visitor });
      expect(paid.events.at(-1)!.event).toBe('end');
    }
    const before = await stack.records().count(SearchRequest, {});
    const refused = await postSearchStream(stack.baseUrl, { ...GUEST_SEARCH_BODY, query: 'One too many' }, { headers: visitor });
    expect(refused.status).toBe(402);
    expect(refused.envelope).toEqual({
      success: false,
      data: null,
      error: { code: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits. Please add more credits to continue.' },
    });
    expect(await stack.records().count(SearchRequest, {})).toBe(before);
    expect((await credits(visitor)).user.creditsRemaining).toBe(2);
    // A cheaper model still fits what is left.
    const cheap = await postSearchStream(stack.baseUrl, { model: 'groq', specificModel: 'llama-3.1-8b-instant', query: 'Cheap one' }, { headers: visitor });
    expect(cheap.events.at(-1)!.data.creditsUsed).toBe(2);
  });

  it('adds the web search surcharge per model', async () => {
    const payer = await signedIn(`search-${randomUUID()}@example.com`);
    const result = await postSearchStream(stack.baseUrl, { model: 'openai', specificModel: 'gpt-4o', searchEnabled: true, query: 'With search' }, { headers: payer.headers });
    expect(result.events.at(-1)!.data.creditsUsed).toBe(14);
    expect((await credits(payer.headers)).user.creditsRemaining).toBe(136);
  });
});

describe('tier rules at the door', () => {
  it.each([
    ['a premium model', { model: 'openai', specificModel: 'gpt-4o' }, 'Register for free to unlock this feature.'],
    // No budget model searches the web, so the refusal names web search on a model that could.
    ['web search', { model: 'openai', specificModel: 'gpt-4o-mini', searchEnabled: true }, 'Register for web search'],
    ['brand monitoring', { model: 'openai', specificModel: 'gpt-3.5-turbo', brandMonitoringEnabled: true, brandConfig: { brandName: 'Acme' } }, 'Brand monitoring requires registration'],
  ])('refuses a guest %s with the product’s words, holding nothing', async (_label, body, message) => {
    const visitor = guest();
    const refused = await postSearchStream(stack.baseUrl, { ...body, query: 'Locked?' }, { headers: visitor });
    expect(refused.status).toBe(403);
    expect(refused.envelope?.error).toEqual({ code: 'FORBIDDEN', message });
    expect((await credits(visitor)).user.creditsHeld).toBe(0);
  });

  it.each([
    ['gpt-4o-mini (6 credits)', { model: 'openai', specificModel: 'gpt-4o-mini' }],
    ['deepseek-chat (6 credits)', { model: 'deepseek', specificModel: 'deepseek-chat' }],
    ['Google AI Overview (10 credits)', { model: 'ai-overview', specificModel: 'google-ai-overview' }],
  ])('keeps a guest to budget models: %s is locked, and the price list says so', async (_label, body) => {
    const visitor = guest();
    const refused = await postSearchStream(stack.baseUrl, { ...body, query: 'Locked for guests?' }, { headers: visitor });
    expect(refused.status).toBe(403);
    expect(refused.envelope?.error).toEqual({ code: 'FORBIDDEN', message: 'Register for free to unlock this feature.' });
    expect(await credits(visitor)).toMatchObject({ user: { creditsRemaining: 20, creditsHeld: 0 } });
    const catalogue = (await (await fetch(`${stack.baseUrl}/api/models`)).json()) as { data: { models: Record<string, { models: { id: string; freeTier: boolean }[] }> } };
    expect(catalogue.data.models[body.model]!.models.find((model) => model.id === body.specificModel)?.freeTier).toBe(false);
    // Signed in, the same model is open.
    const payer = await signedIn(`balanced-${randomUUID()}@example.com`);
    const answered = await postSearchStream(stack.baseUrl, { ...body, query: 'Open once registered' }, { headers: payer.headers });
    expect(answered.events.at(-1)?.event).toBe('end');
  });
});
