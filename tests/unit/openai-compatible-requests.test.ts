import { describe, expect, it } from 'vitest';
import type { QuorumConfig } from '../../core/config/config.ts';
import { loadModelCatalogue } from '../../core/catalogue/model-catalogue.ts';
import { loadConfig } from '../../core/config/config.ts';
import { chatConversation } from '../../server/openai-compatible/chat-conversation.ts';
import { resolveOpenAiModel } from '../../server/openai-compatible/model-ids.ts';
import { OpenAiError } from '../../server/openai-compatible/openai-error-format.ts';

const config: QuorumConfig = loadConfig({ NODE_ENV: 'test', DEMO_MODE: 'on' });
const services = { catalogue: loadModelCatalogue(config), engineSettings: config };

function refusal(action: () => unknown): OpenAiError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(OpenAiError);
    return error as OpenAiError;
  }
  throw new Error('expected a refusal');
}

describe('OpenAI model names', () => {
  it('reads engine/model, an engine alias and a dated model without its date', () => {
    expect(resolveOpenAiModel(services, 'openai/gpt-4o-mini').id).toBe('openai/gpt-4o-mini');
    expect(resolveOpenAiModel(services, 'anthropic/claude-3-haiku').id).toBe('anthropic/claude-3-haiku-20240307');
    expect(resolveOpenAiModel(services, 'groq/meta-llama/llama-4-scout-17b-16e-instruct').model.id).toBe('meta-llama/llama-4-scout-17b-16e-instruct');
  });

  it('answers 404 model_not_found for anything else', () => {
    for (const name of ['gpt-4o-mini', 'openai/gpt-9', 'nobody/gpt-4o-mini', '/gpt-4o-mini']) {
      const error = refusal(() => resolveOpenAiModel(services, name));
      expect([error.status, error.code, error.param]).toEqual([404, 'model_not_found', 'model']);
    }
  });
});

describe('OpenAI messages as a question and its conversation', () => {
  it('takes the last user message as the question and the rest, developer as system, as earlier turns', () => {
    const { query, conversation } = chatConversation([
      { role: 'developer', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Largest ocean?' }, { type: 'image_url' }] },
      { role: 'assistant', content: 'The Pacific.' },
      { role: 'user', content: '  And the smallest?  ' },
    ]);
    expect(query).toBe('And the smallest?');
    expect(conversation).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Largest ocean?' },
      { role: 'assistant', content: 'The Pacific.' },
    ]);
  });

  it('refuses a conversation that does not end with the user’s question, an empty one and one over the question’s limit', () => {
    expect(refusal(() => chatConversation([{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }])).status).toBe(400);
    expect(refusal(() => chatConversation([{ role: 'user', content: '   ' }])).status).toBe(400);
    expect(refusal(() => chatConversation([{ role: 'user', content: 'x'.repeat(501) }])).status).toBe(400);
  });
});
