import { describe, expect, it } from 'vitest';
import { generateDeterministicAnswer } from '../../simulator/deterministic-answer.ts';
import { simulatedSearch } from '../../simulator/simulated-search.ts';
import { withCitationMarkers } from '../../simulator/chat-completion-citations.ts';
import { OpenAiProvider } from '../../worker/providers/openai/openai-provider.ts';
import { collectAnswer, testConnection, useProviderSimulator } from '../support/provider-harness.ts';

const simulator = useProviderSimulator();

/** `sourceParts` keeps the parts themselves: the tests check how many times the pages are passed on. */
async function collect(engine: 'perplexity' | 'groq', model: string, prompt: string) {
  const provider = new OpenAiProvider(testConnection(engine, simulator.baseUrls[engine]));
  const result = await collectAnswer(provider, { model, prompt });
  return { ...result, sourceParts: result.parts.filter((part) => part.type === 'sources') };
}

describe('Perplexity citations through the OpenAI SDK', () => {
  it('yields the searched pages once, titled from search_results, next to the deterministic answer', async () => {
    const prompt = 'Who won the most recent Tour de France?';
    const result = await collect('perplexity', 'sonar', prompt);
    expect(result.error).toBeUndefined();
    // The deterministic answer, with Perplexity's `[n]` marker after each cited page's passage.
    const search = simulatedSearch(prompt);
    const pieces = generateDeterministicAnswer({ prompt, model: 'sonar', pieceCount: 40 }).pieces;
    expect(result.text).toBe(withCitationMarkers(pieces, search.cited.length).join(''));
    // Every chunk repeats the lists; the provider passes them on the first time only.
    expect(result.sourceParts).toEqual([
      { type: 'sources', sources: [...search.cited, ...search.retrievedOnly].map((page) => ({ url: page.url, title: page.title })) },
    ]);
    // The first chunk names the model, then its sources, before any text.
    expect(result.parts.slice(0, 2).map((part) => part.type)).toEqual(['model-version', 'sources']);
    expect(result.parts.at(-1)).toMatchObject({ type: 'usage', outputTokens: 40 });
    expect(result.parts).toContainEqual({ type: 'finish', reason: 'stop' });
  });

  it('still reports a cut as interrupted, after the sources and the text sent', async () => {
    const result = await collect('perplexity', 'sonar', 'Cut [[simulate chunks=8 cut-after=3]]');
    expect(result.sourceParts).toHaveLength(1);
    expect(result.parts.filter((part) => part.type === 'text')).toHaveLength(3);
    expect(result.error).toMatchObject({ code: 'STREAM_INTERRUPTED' });
  });

  it('gives other OpenAI-compatible vendors no sources', async () => {
    const result = await collect('groq', 'llama-3.3-70b-versatile', 'Who won the most recent Tour de France?');
    expect(result.error).toBeUndefined();
    expect(result.sourceParts).toEqual([]);
  });
});

describe('Perplexity wire format over raw HTTP', () => {
  it('puts citations and search_results on every chunk and on the completion', async () => {
    const prompt = 'Wire check for citations';
    const search = simulatedSearch(prompt);
    const pages = [...search.cited, ...search.retrievedOnly];
    const request = (stream: boolean) =>
      fetch(`${simulator.url}/perplexity/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer test-key' },
        body: JSON.stringify({ model: 'sonar', stream, messages: [{ role: 'user', content: `${prompt} [[simulate chunks=3]]` }] }),
      });

    const body = await (await request(true)).text();
    const chunks = body
      .trim()
      .split('\n\n')
      .map((event) => event.slice('data: '.length))
      .filter((data) => data !== '[DONE]')
      .map((data) => JSON.parse(data) as Record<string, unknown>);
    expect(chunks).toHaveLength(1 + 3 + 1);
    for (const chunk of chunks) {
      expect(chunk['citations']).toEqual(pages.map((page) => page.url));
      expect(chunk['search_results']).toEqual(pages.map((page) => ({ title: page.title, url: page.url, date: page.date })));
    }
    for (const page of pages) expect(page.date).toMatch(/^2025-(0[1-9]|1[0-2])-(0[1-9]|[12]\d)$/);

    const completion = (await (await request(false)).json()) as Record<string, unknown>;
    expect(completion['citations']).toEqual(pages.map((page) => page.url));
  });

  it('leaves OpenAI chunks without vendor fields', async () => {
    const response = await fetch(`${simulator.url}/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer test-key' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Plain' }] }),
    });
    const completion = (await response.json()) as Record<string, unknown>;
    expect(completion).not.toHaveProperty('citations');
    expect(completion).not.toHaveProperty('search_results');
  });
});
