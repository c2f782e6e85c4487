import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRequest } from '../../core/database/entities/search-request.ts';
import { postSearchStream } from '../support/search-stream-client.ts';
import { startTestStack, type TestStack } from '../support/test-stack.ts';

interface ModelsBody {
  success: boolean;
  data: {
    models: Record<string, { name: string; aliases: string[]; available: boolean; unavailableReason: string | null; models: { id: string; credits: number; freeTier: boolean; webSearchSupported: boolean }[] }>;
    features: { webSearch: number };
  };
}

let stack: TestStack;

beforeAll(async () => {
  // Anthropic has no key on this server: it must be listed, but as unavailable.
  stack = await startTestStack({ withWorker: false, environment: { ANTHROPIC_API_KEY: '' } });
});

afterAll(async () => {
  await stack?.close();
});

async function models(): Promise<ModelsBody> {
  return (await (await fetch(`${stack.baseUrl}/api/models`)).json()) as ModelsBody;
}

describe('GET /api/models', () => {
  it('lists every engine and every model the catalogue prices, with costs and free-tier flags', async () => {
    const body = await models();
    expect(body.success).toBe(true);
    const catalogue = body.data.models;
    expect(Object.keys(catalogue)).toEqual(['openai', 'anthropic', 'gemini', 'deepseek', 'perplexity', 'groq', 'ai-overview']);
    const cost = (engine: string, model: string) => catalogue[engine]!.models.find((entry) => entry.id === model)?.credits;
    // Spot checks against the published prices.
    expect(cost('openai', 'gpt-5')).toBe(20);
    expect(cost('openai', 'gpt-3.5-turbo')).toBe(3);
    expect(cost('anthropic', 'claude-opus-4-1-20250805')).toBe(20);
    expect(cost('anthropic', 'claude-3-haiku-20240307')).toBe(4);
    expect(cost('gemini', 'gemini-2.5-pro')).toBe(15);
    expect(cost('deepseek', 'deepseek-reasoner')).toBe(12);
    expect(cost('perplexity', 'sonar')).toBe(8);
    expect(cost('groq', 'llama-3.1-8b-instant')).toBe(2);
    expect(cost('ai-overview', 'google-ai-overview')).toBe(10);
    const total = Object.values(catalogue).reduce((sum, engine) => sum + engine.models.length, 0);
    expect(total).toBeGreaterThan(15);
    expect(body.data.features.webSearch).toBe(2);
  });

  it('opens only the budget models (below 6 credits) to the free tier and allows web search only on OpenAI and Gemini', async () => {
    const catalogue = (await models()).data.models;
    const free = (engine: string, model: string) => catalogue[engine]!.models.find((entry) => entry.id === model)?.freeTier;
    for (const [engine, model] of [['openai', 'gpt-5'], ['openai', 'gpt-4o'], ['openai', 'o1'], ['anthropic', 'claude-sonnet-4-20250514'], ['gemini', 'gemini-2.5-flash'], ['deepseek', 'deepseek-reasoner'], ['perplexity', 'sonar-pro']] as const) {
      expect(free(engine, model)).toBe(false);
    }
    for (const [engine, model] of [['openai', 'gpt-4o-mini'], ['openai', 'gpt-4.1-mini'], ['deepseek', 'deepseek-chat'], ['perplexity', 'sonar'], ['ai-overview', 'google-ai-overview']] as const) {
      expect(free(engine, model)).toBe(false);
    }
    expect(free('openai', 'gpt-3.5-turbo')).toBe(true);
    expect(free('groq', 'llama-3.1-8b-instant')).toBe(true);
    const prices = Object.values(catalogue).flatMap((engine) => engine.models);
    // Only budget models are ever free; the dearer ones never.
    expect(prices.filter((model) => model.freeTier && model.credits >= 6)).toEqual([]);
    const searchable = Object.entries(catalogue).flatMap(([engine, entry]) =>
      entry.models.filter((model) => model.webSearchSupported).map(() => engine),
    );
    expect(new Set(searchable)).toEqual(new Set(['openai', 'gemini']));
  });

  it('says why an engine without credentials cannot answer, and refuses searches for it', async () => {
    const anthropic = (await models()).data.models.anthropic!;
    expect(anthropic.available).toBe(false);
    expect(anthropic.unavailableReason).toBe('Anthropic is not configured on this server');
    const result = await postSearchStream(stack.baseUrl, { query: 'Hi', model: 'anthropic', specificModel: 'claude-3-haiku-20240307' });
    expect(result.status).toBe(400);
    expect(result.envelope?.error).toEqual({ code: 'VALIDATION_ERROR', message: 'Anthropic is not configured on this server' });
  });

  it('accepts an engine by its alias and stores web search only where the model supports it', async () => {
    const stream = async (body: object) => {
      const controller = new AbortController();
      const response = await fetch(`${stack.baseUrl}/api/search/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: stack.fundedCookie },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      controller.abort();
    };
    await stream({ query: 'searchable', model: 'ChatGPT', specificModel: 'gpt-4o', searchEnabled: true });
    await stream({ query: 'not searchable', model: 'openai', specificModel: 'o1', searchEnabled: true });
    await stream({ query: 'overview', model: 'ai-overview', specificModel: 'google-ai-overview', aiOverviewParams: { gl: 'uk', hl: 'en' } });
    const em = stack.records();
    expect(await em.findOneOrFail(SearchRequest, { query: 'searchable' })).toMatchObject({ engine: 'openai', searchEnabled: true });
    expect(await em.findOneOrFail(SearchRequest, { query: 'not searchable' })).toMatchObject({ searchEnabled: false });
    expect(await em.findOneOrFail(SearchRequest, { query: 'overview' })).toMatchObject({ aiOverviewParams: { gl: 'uk', hl: 'en' } });
  });

  it('refuses AI Overview locations and languages outside the offered lists', async () => {
    const body = { query: 'Hi', model: 'ai-overview', specificModel: 'google-ai-overview' };
    const country = await postSearchStream(stack.baseUrl, { ...body, aiOverviewParams: { gl: 'xx', hl: 'en' } });
    expect(country.status).toBe(400);
    expect(country.envelope?.error?.message).toBe('AI Overview is not available for the location "xx"');
    const language = await postSearchStream(stack.baseUrl, { ...body, aiOverviewParams: { gl: 'us', hl: 'tlh' } });
    expect(language.envelope?.error?.message).toBe('AI Overview is not available in the language "tlh"');
  });
});
