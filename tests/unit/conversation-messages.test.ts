import { describe, expect, it } from 'vitest';
import type { ConversationTurn } from '../../contract/conversation.ts';
import { anthropicConversation, chatMessages, geminiConversation } from '../../worker/providers/conversation-messages.ts';

const history: ConversationTurn[] = [
  { role: 'system', content: 'Answer briefly.' },
  { role: 'user', content: 'Largest ocean?' },
  { role: 'assistant', content: 'The Pacific.' },
  { role: 'user', content: 'In one word please.' },
];

describe('a question and the turns before it, in each vendor’s shape', () => {
  it('leaves a lone question exactly as the web app always sent it', () => {
    expect(chatMessages({ prompt: 'Why is the sky blue?' })).toEqual([{ role: 'user', content: 'Why is the sky blue?' }]);
    expect(anthropicConversation({ prompt: 'Why is the sky blue?' })).toEqual({ system: undefined, messages: [{ role: 'user', content: 'Why is the sky blue?' }] });
    expect(geminiConversation({ prompt: 'Why is the sky blue?', history: [] })).toEqual({ systemInstruction: undefined, contents: 'Why is the sky blue?' });
  });

  it('sends OpenAI-style vendors every turn in order, then the question', () => {
    expect(chatMessages({ prompt: 'And the smallest?', history }).map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user', 'user']);
  });

  it('gives Anthropic the system turns apart and alternating roles, joining neighbours of one role', () => {
    const { system, messages } = anthropicConversation({ prompt: 'And the smallest?', history });
    expect(system).toBe('Answer briefly.');
    expect(messages).toEqual([
      { role: 'user', content: 'Largest ocean?' },
      { role: 'assistant', content: 'The Pacific.' },
      { role: 'user', content: 'In one word please.\n\nAnd the smallest?' },
    ]);
  });

  it('gives Gemini user and model contents with the system turns as its instruction', () => {
    const { systemInstruction, contents } = geminiConversation({ prompt: 'And the smallest?', history });
    expect(systemInstruction).toBe('Answer briefly.');
    expect(contents).toEqual([
      { role: 'user', parts: [{ text: 'Largest ocean?' }] },
      { role: 'model', parts: [{ text: 'The Pacific.' }] },
      { role: 'user', parts: [{ text: 'In one word please.' }] },
      { role: 'user', parts: [{ text: 'And the smallest?' }] },
    ]);
  });

  it('puts a column’s system prompt first, ahead of any system turn the conversation brought', () => {
    const asked = { prompt: 'And the smallest?', history, systemPrompt: 'You are a geographer.' };
    expect(chatMessages(asked).slice(0, 2)).toEqual([
      { role: 'system', content: 'You are a geographer.' },
      { role: 'system', content: 'Answer briefly.' },
    ]);
    expect(anthropicConversation(asked).system).toBe('You are a geographer.\n\nAnswer briefly.');
    expect(geminiConversation(asked).systemInstruction).toBe('You are a geographer.\n\nAnswer briefly.');
    // A lone question keeps its plain form, with the instruction beside it.
    expect(geminiConversation({ prompt: 'Why?', systemPrompt: 'Be brief.' })).toEqual({ systemInstruction: 'Be brief.', contents: 'Why?' });
    expect(anthropicConversation({ prompt: 'Why?', systemPrompt: 'Be brief.' })).toEqual({ system: 'Be brief.', messages: [{ role: 'user', content: 'Why?' }] });
  });
});
