import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUERY_MAX_LENGTH, SYSTEM_PROMPT_MAX_LENGTH } from '../../contract/limits.ts';
import { conversationCharacters, conversationSize, estimatedInputTokens, LONG_CONVERSATION, longConversationSurcharge } from '../../contract/long-conversation.ts';
import { characterCount } from '../../contract/text-length.ts';
import { contextTokensOf, loadModelCatalogue } from '../../core/catalogue/model-catalogue.ts';

describe('counting characters', () => {
  it('counts code points, as JSON Schema’s maxLength does: an emoji is one, a lone surrogate one', () => {
    expect(characterCount('')).toBe(0);
    expect(characterCount('abc')).toBe(3);
    expect(characterCount('🌋🌊')).toBe(2);
    expect('🌋🌊'.length).toBe(4);
    expect(characterCount('e\u0301')).toBe(2); // e and a combining accent: two code points
    expect(characterCount('\ud83c')).toBe(1);
    expect(characterCount(`${'🌋'.repeat(499)}?`)).toBe(500);
  });
});

describe('the price of a long conversation', () => {
  it('estimates one token per 4 characters, rounded up, over everything sent as one text', () => {
    expect(estimatedInputTokens(0)).toBe(0);
    expect(estimatedInputTokens(1)).toBe(1);
    expect(estimatedInputTokens(4)).toBe(1);
    expect(estimatedInputTokens(5)).toBe(2);
    // Summed before rounding: three texts of 1 character are 3 characters, 1 token, not 3.
    expect(conversationCharacters(['a', '🌋', 'b'])).toBe(3);
    expect(estimatedInputTokens(conversationCharacters(['a', '🌋', 'b']))).toBe(1);
  });

  it('includes 8,000 tokens, then adds a credit for each started block of 4,000', () => {
    expect(LONG_CONVERSATION).toMatchObject({ includedTokens: 8_000, blockTokens: 4_000, creditsPerBlock: 1 });
    expect(longConversationSurcharge(0)).toBe(0);
    expect(longConversationSurcharge(8_000)).toBe(0);
    expect(longConversationSurcharge(8_001)).toBe(1);
    expect(longConversationSurcharge(12_000)).toBe(1);
    expect(longConversationSurcharge(12_001)).toBe(2);
    expect(longConversationSurcharge(250_125)).toBe(61);
    // At the characters' edge: 32,000 characters are exactly the allowance, one more starts the first block.
    expect(conversationSize(32_000).surcharge).toBe(0);
    expect(conversationSize(32_001).surcharge).toBe(1);
  });

  it('refuses only past the model’s context window', () => {
    expect(conversationSize(16_385 * 4, 16_385)).toEqual({ inputTokens: 16_385, surcharge: 3, fits: true });
    expect(conversationSize(16_385 * 4 + 1, 16_385)).toEqual({ inputTokens: 16_386, surcharge: 3, fits: false });
  });

  it('never charges a first question more than its price: the longest question and system prompt stay within the allowance', () => {
    expect(longConversationSurcharge(estimatedInputTokens(QUERY_MAX_LENGTH + SYSTEM_PROMPT_MAX_LENGTH))).toBe(0);
  });

  it('knows a context window for every shipped model, each larger than the allowance', () => {
    const catalogue = loadModelCatalogue({ catalogueFile: path.resolve(import.meta.dirname, '../../core/catalogue/model-catalogue.json'), localModels: undefined });
    const windows = catalogue.engines.flatMap((engine) => engine.models.map((model) => contextTokensOf(model)));
    expect(windows.every((window) => window > LONG_CONVERSATION.includedTokens)).toBe(true);
    expect(contextTokensOf(catalogue.modelOf('openai', 'gpt-3.5-turbo')!)).toBe(16_385);
    // A model whose entry does not say (an operator's own file, the AI Overview engine) reads the default.
    expect(contextTokensOf(catalogue.modelOf('google-ai-overview', 'google-ai-overview')!)).toBe(LONG_CONVERSATION.defaultContextTokens);
  });
});
