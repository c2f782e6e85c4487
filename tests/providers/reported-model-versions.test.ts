import { describe, expect, it } from 'vitest';
import type { AnswerProvider } from '../../worker/providers/answer-provider.ts';
import { AnthropicProvider } from '../../worker/providers/anthropic/anthropic-provider.ts';
import { GeminiProvider } from '../../worker/providers/gemini/gemini-provider.ts';
import { OpenAiProvider } from '../../worker/providers/openai/openai-provider.ts';
import { AiOverviewProvider } from '../../worker/providers/serpapi/serpapi-provider.ts';
import { collectAnswer, testConnection, useProviderSimulator, withProviderSimulator } from '../support/provider-harness.ts';
import { simulatorBaseUrls } from '../../simulator/simulator-base-urls.ts';

/**
 * Every adapter hands on the model version its provider reported, read from that provider's own wire format
 * through its real SDK: OpenAI's chunk `model` (and the compatible vendors'), the Responses API's `response.model`,
 * Anthropic's `message_start` model, Gemini's `modelVersion`, and where SerpApi says Google served the overview.
 */

const simulator = useProviderSimulator();

const versionsOf = async (provider: AnswerProvider, model: string, webSearch = false) => {
  const answer = await collectAnswer(provider, { model, prompt: 'Which widget vendors are reliable?', webSearch });
  expect(answer.error).toBeUndefined();
  return answer.parts.flatMap((part) => (part.type === 'model-version' ? [part.version] : []));
};

describe('reported model versions', () => {
  it('come from every wire format, once per answer, and follow the simulator when a model moves on', async () => {
    await withProviderSimulator({ defaultChunkDelayMs: 0 }, async (running) => {
      const urls = simulatorBaseUrls(running.url);
      const cases: { provider: AnswerProvider; model: string; webSearch?: boolean }[] = [
        { provider: new OpenAiProvider(testConnection('openai', urls.openai)), model: 'gpt-4o-mini' },
        { provider: new OpenAiProvider(testConnection('openai', urls.openai)), model: 'gpt-4o-mini', webSearch: true },
        { provider: new OpenAiProvider(testConnection('deepseek', urls.deepseek)), model: 'deepseek-chat' },
        { provider: new OpenAiProvider(testConnection('perplexity', urls.perplexity)), model: 'sonar' },
        { provider: new AnthropicProvider(testConnection('anthropic', urls.anthropic)), model: 'claude-opus-4-1-20250805' },
        { provider: new GeminiProvider(testConnection('gemini', urls.gemini)), model: 'gemini-2.5-flash' },
      ];
      for (const { provider, model, webSearch } of cases) {
        expect(await versionsOf(provider, model, webSearch), `${provider.engine} ${model}`).toEqual([model]);
        running.setReportedModelVersion(model, `${model}-2026-03-01`);
        expect(await versionsOf(provider, model, webSearch), `${provider.engine} ${model} after the move`).toEqual([`${model}-2026-03-01`]);
        running.setReportedModelVersion(model, null);
        expect(await versionsOf(provider, model, webSearch)).toEqual([model]);
      }
    });
  });

  it('for the AI Overview, is where SerpApi says Google served it', async () => {
    const provider = new AiOverviewProvider(testConnection('ai-overview', simulator.baseUrls.serpapi));
    expect(await versionsOf(provider, 'google-ai-overview')).toEqual(['google.com/desktop']);
  });
});
