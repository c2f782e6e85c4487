import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ModelCapabilities } from '../../contract/column-settings.ts';
import { columnSettingsProblem, normaliseColumnSettings } from '../../contract/column-settings-rules.ts';
import { loadConfig } from '../../core/config/config.ts';
import { loadModelCatalogue, type ModelCatalogue } from '../../core/catalogue/model-catalogue.ts';
import { reportedTokenFigures } from '../../core/catalogue/reported-token-figures.ts';
import { AppError } from '../../core/errors/app-error.ts';
import { checkedColumnSettings } from '../../core/requests/column-settings-admission.ts';

/** The rules that decide which per-column settings a model may be asked with, and which token figures an answer keeps. */

const catalogue = loadModelCatalogue(loadConfig({}));

function model(from: ModelCatalogue, engineId: string, modelId: string) {
  const engine = from.findEngine(engineId)!;
  return from.findModel(engine, modelId)!;
}

/** The VALIDATION_ERROR message checking these settings throws, or 'accepted' with what would be stored. */
function verdict(engineId: string, modelId: string, settings: Parameters<typeof checkedColumnSettings>[1]): unknown {
  try {
    return { accepted: checkedColumnSettings(model(catalogue, engineId, modelId), settings) };
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_ERROR');
    return (error as AppError).message;
  }
}

describe('columnSettingsProblem', () => {
  const chat: ModelCapabilities = { systemPrompt: true, temperature: { min: 0, max: 1 }, cachedTokens: true, reasoningTokens: false };
  const search: ModelCapabilities = { systemPrompt: false, cachedTokens: false, reasoningTokens: false };

  it('accepts what the model takes, both ends of its range included', () => {
    expect(columnSettingsProblem('Claude', chat, { systemPrompt: 'Be brief.', temperature: 0 })).toBeNull();
    expect(columnSettingsProblem('Claude', chat, { temperature: 1 })).toBeNull();
    expect(columnSettingsProblem('Claude', chat, {})).toBeNull();
  });

  it('names the model and what it does not take', () => {
    expect(columnSettingsProblem('Claude', chat, { temperature: 1.01 })).toBe('Claude accepts a temperature from 0 to 1');
    expect(columnSettingsProblem('Claude', chat, { temperature: Number.NaN })).toBe('Claude accepts a temperature from 0 to 1');
    expect(columnSettingsProblem('AI Overview', search, { temperature: 0.5 })).toBe('AI Overview does not accept a temperature');
    expect(columnSettingsProblem('AI Overview', search, { systemPrompt: 'Hi' })).toBe('AI Overview does not accept a system prompt');
  });

  it('does not hold a blank system prompt against a model that takes none', () => {
    expect(columnSettingsProblem('AI Overview', search, { systemPrompt: '  \n ' })).toBeNull();
  });

  it('reads a null temperature as the model’s default, which every model takes', () => {
    expect(columnSettingsProblem('Claude', chat, { temperature: null })).toBeNull();
    expect(columnSettingsProblem('AI Overview', search, { temperature: null })).toBeNull();
  });
});

describe('normaliseColumnSettings', () => {
  it('trims the prompt, drops what is blank, and says null when nothing is left', () => {
    expect(normaliseColumnSettings({ systemPrompt: '  Be brief. ', temperature: 0.5 })).toEqual({ systemPrompt: 'Be brief.', temperature: 0.5 });
    expect(normaliseColumnSettings({ systemPrompt: '   ', temperature: 0 })).toEqual({ temperature: 0 });
    expect(normaliseColumnSettings({ systemPrompt: ' ' })).toBeNull();
    expect(normaliseColumnSettings({})).toBeNull();
    expect(normaliseColumnSettings(undefined)).toBeNull();
  });

  it('leaves a null temperature out, so the provider applies its own default', () => {
    expect(normaliseColumnSettings({ systemPrompt: 'Be brief.', temperature: null })).toEqual({ systemPrompt: 'Be brief.' });
    expect(normaliseColumnSettings({ temperature: null })).toBeNull();
  });
});

describe('checking a request’s settings against the shipped catalogue', () => {
  it('refuses a temperature to the reasoning models, naming each', () => {
    expect(verdict('openai', 'o1', { temperature: 1 })).toBe('o1 does not accept a temperature');
    expect(verdict('openai', 'o3-mini', { temperature: 0.2 })).toBe('o3-mini does not accept a temperature');
    expect(verdict('openai', 'gpt-5', { temperature: 0.2 })).toBe('GPT-5 does not accept a temperature');
    expect(verdict('deepseek', 'deepseek-reasoner', { temperature: 0.2 })).toBe('DeepSeek Reasoner does not accept a temperature');
  });

  it('holds each family to its own range', () => {
    expect(verdict('anthropic', 'claude-3-5-haiku-20241022', { temperature: 1.2 })).toBe('Claude 3.5 Haiku accepts a temperature from 0 to 1');
    expect(verdict('gemini', 'gemini-2.5-flash', { temperature: 2 })).toEqual({ accepted: { temperature: 2 } });
    expect(verdict('gemini', 'gemini-2.5-flash', { temperature: 2.1 })).toBe('Gemini 2.5 Flash accepts a temperature from 0 to 2');
    expect(verdict('openai', 'gpt-4o', { temperature: 1.7 })).toEqual({ accepted: { temperature: 1.7 } });
    expect(verdict('perplexity', 'sonar', { temperature: 0 })).toEqual({ accepted: { temperature: 0 } });
    expect(verdict('groq', 'llama-3.1-8b-instant', { temperature: -1 })).toBe('Llama 3.1 8B accepts a temperature from 0 to 2');
  });

  it('lets a system prompt through to every chat model but not to the AI Overview', () => {
    expect(verdict('openai', 'o1', { systemPrompt: 'Show your steps.' })).toEqual({ accepted: { systemPrompt: 'Show your steps.' } });
    expect(verdict('ai-overview', 'google-ai-overview', { systemPrompt: 'Be kind.' })).toBe('AI Overview does not accept a system prompt');
  });

  it('tells "no settings sent" (undefined) from "asked without any" (null)', () => {
    expect(verdict('openai', 'gpt-4o', undefined)).toEqual({ accepted: undefined });
    expect(verdict('openai', 'gpt-4o', {})).toEqual({ accepted: null });
  });
});

describe('a catalogue file without capabilities', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'quorum-capabilities-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('asks its models without settings and keeps no cache or reasoning figures for them', () => {
    const file = path.join(directory, 'catalogue.json');
    writeFileSync(
      file,
      JSON.stringify({
        webSearchCredits: 2,
        unknownModelCredits: 5,
        engines: [{ id: 'openai', name: 'OpenAI', aliases: [], provider: 'openai', models: [{ id: 'gpt-6', name: 'GPT-6', description: '', webSearchSupported: false, credits: 9, freeTier: false }] }],
      }),
    );
    const own = loadModelCatalogue({ catalogueFile: file, localModels: undefined });
    expect(model(own, 'openai', 'gpt-6').capabilities).toEqual({ systemPrompt: false, cachedTokens: false, reasoningTokens: false });
    expect(() => checkedColumnSettings(model(own, 'openai', 'gpt-6'), { temperature: 1 })).toThrow('GPT-6 does not accept a temperature');
    expect(reportedTokenFigures(own, 'openai', 'gpt-6', { cachedTokens: 12, reasoningTokens: 3 })).toEqual({ cachedTokens: null, reasoningTokens: null });
  });
});

describe('reportedTokenFigures', () => {
  it('keeps only the figures the catalogue says a model reports', () => {
    expect(reportedTokenFigures(catalogue, 'openai', 'gpt-4o', { cachedTokens: 30, reasoningTokens: 0 })).toEqual({ cachedTokens: 30, reasoningTokens: null });
    expect(reportedTokenFigures(catalogue, 'openai', 'o1', { cachedTokens: 0, reasoningTokens: 64 })).toEqual({ cachedTokens: 0, reasoningTokens: 64 });
    expect(reportedTokenFigures(catalogue, 'groq', 'llama-3.1-8b-instant', { cachedTokens: 4, reasoningTokens: 2 })).toEqual({ cachedTokens: null, reasoningTokens: null });
  });

  it('keeps what the provider sent for a model the catalogue does not list, or without a catalogue', () => {
    expect(reportedTokenFigures(catalogue, 'openai', 'gpt-7', { cachedTokens: 5, reasoningTokens: 1 })).toEqual({ cachedTokens: 5, reasoningTokens: 1 });
    expect(reportedTokenFigures(undefined, 'openai', 'gpt-4o', { cachedTokens: 5, reasoningTokens: null })).toEqual({ cachedTokens: 5, reasoningTokens: null });
  });
});
