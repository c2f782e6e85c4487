import { FinishReason as GeminiFinishReason } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { FINISH_REASONS, isFinishReason } from '../../core/runs/finish-reasons.ts';
import { anthropicFinishReason } from '../../worker/providers/anthropic/anthropic-finish-reasons.ts';
import { geminiFinishReason } from '../../worker/providers/gemini/gemini-finish-reasons.ts';
import { chatFinishReason, responseFinishReason } from '../../worker/providers/openai/openai-finish-reasons.ts';
import { SERPAPI_FINISH_REASON } from '../../worker/providers/serpapi/serpapi-finish-reasons.ts';

describe('the normalised finish reasons', () => {
  it('are a fixed list a contract can reference', () => {
    expect(FINISH_REASONS).toEqual(['stop', 'length', 'content_filter', 'tool_calls', 'other']);
    expect(FINISH_REASONS.every(isFinishReason)).toBe(true);
    for (const vendorWord of ['end_turn', 'STOP', 'completed', 'max_tokens', '', null, undefined, 3]) expect(isFinishReason(vendorWord)).toBe(false);
  });
});

describe('OpenAI Chat Completions finish_reason', () => {
  it.each([
    ['stop', 'stop'],
    ['length', 'length'],
    ['content_filter', 'content_filter'],
    ['tool_calls', 'tool_calls'],
    ['function_call', 'tool_calls'],
    // DeepSeek's own word for an answer its servers could not finish.
    ['insufficient_system_resource', 'other'],
  ])('maps %s to %s', (vendor, normalised) => {
    expect(chatFinishReason(vendor)).toBe(normalised);
  });

  it('says null when there is no reason or one nobody mapped', () => {
    expect(chatFinishReason(null)).toBeNull();
    expect(chatFinishReason(undefined)).toBeNull();
    expect(chatFinishReason('')).toBeNull();
    expect(chatFinishReason('eos_token')).toBeNull();
    // Inherited object keys are not reasons.
    expect(chatFinishReason('toString')).toBeNull();
  });
});

describe('OpenAI Responses API status', () => {
  it('maps a completed response to stop', () => {
    expect(responseFinishReason({ status: 'completed', incomplete_details: null })).toBe('stop');
  });

  it.each([
    ['max_output_tokens', 'length'],
    ['max_messages', 'length'],
    ['content_filter', 'content_filter'],
    ['steered', 'other'],
  ] as const)('maps an incomplete response for %s to %s', (reason, normalised) => {
    expect(responseFinishReason({ status: 'incomplete', incomplete_details: { reason } })).toBe(normalised);
  });

  it('calls an incomplete response without a known reason other, and any other status null', () => {
    expect(responseFinishReason({ status: 'incomplete', incomplete_details: null })).toBe('other');
    expect(responseFinishReason({ status: 'incomplete', incomplete_details: { reason: 'brand_new' as never } })).toBe('other');
    expect(responseFinishReason({ status: 'in_progress', incomplete_details: null })).toBeNull();
    expect(responseFinishReason({ status: undefined, incomplete_details: null })).toBeNull();
  });
});

describe('Anthropic stop_reason', () => {
  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['max_tokens', 'length'],
    ['model_context_window_exceeded', 'length'],
    ['tool_use', 'tool_calls'],
    ['refusal', 'content_filter'],
    ['pause_turn', 'other'],
  ])('maps %s to %s', (vendor, normalised) => {
    expect(anthropicFinishReason(vendor)).toBe(normalised);
  });

  it('says null when there is no reason or one nobody mapped', () => {
    expect(anthropicFinishReason(null)).toBeNull();
    expect(anthropicFinishReason('end_of_everything')).toBeNull();
  });
});

describe('Gemini finishReason', () => {
  it.each([
    ['STOP', 'stop'],
    ['MAX_TOKENS', 'length'],
    ['SAFETY', 'content_filter'],
    ['RECITATION', 'content_filter'],
    ['BLOCKLIST', 'content_filter'],
    ['PROHIBITED_CONTENT', 'content_filter'],
    ['SPII', 'content_filter'],
    ['IMAGE_SAFETY', 'content_filter'],
    ['LANGUAGE', 'other'],
    ['OTHER', 'other'],
    ['MALFORMED_FUNCTION_CALL', 'other'],
    ['CONTINUATION', 'other'],
  ])('maps %s to %s', (vendor, normalised) => {
    expect(geminiFinishReason(vendor)).toBe(normalised);
  });

  it('gives every value of the installed SDK a normalised reason, except the unspecified one', () => {
    for (const value of Object.values(GeminiFinishReason)) {
      const normalised = geminiFinishReason(value);
      if (value === GeminiFinishReason.FINISH_REASON_UNSPECIFIED) expect(normalised).toBeNull();
      else expect(isFinishReason(normalised), value).toBe(true);
    }
    expect(geminiFinishReason(undefined)).toBeNull();
    expect(geminiFinishReason('SOMETHING_NEW')).toBeNull();
  });
});

describe('SerpApi', () => {
  it('always reports a finished overview as stop', () => {
    expect(SERPAPI_FINISH_REASON).toBe('stop');
  });
});
