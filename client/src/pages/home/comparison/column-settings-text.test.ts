import { describe, expect, it } from 'vitest';
import type { ModelCapabilities } from '../../../../../contract/column-settings.ts';
import { buildCompareRequest } from './comparison-request.ts';
import { columnSettingsOf, rememberAskedSettings, setColumnSettings, withColumnSettings } from './column-settings-store.ts';
import { columnSettingsSummary, disabledSettingReasons, settingsFromFields } from './column-settings-text.ts';

const reasoning: ModelCapabilities = { systemPrompt: true, cachedTokens: true, reasoningTokens: true };
const chat: ModelCapabilities = { systemPrompt: true, temperature: { min: 0, max: 2 }, cachedTokens: true, reasoningTokens: false };
const plain = { searchEnabled: false, brandMonitoringEnabled: false, brandConfig: null };
const overview = { gl: 'us', hl: 'en' };

describe('a column’s settings as the page shows them', () => {
  it('sums them up for the column header, or says nothing when none are set', () => {
    expect(columnSettingsSummary({ systemPrompt: 'Be brief.', temperature: 0.2 })).toBe('Temperature 0.2 · System prompt');
    expect(columnSettingsSummary({ temperature: 0 })).toBe('Temperature 0');
    expect(columnSettingsSummary({ systemPrompt: '  ' })).toBeNull();
    expect(columnSettingsSummary(undefined)).toBeNull();
  });

  it('says why a control is off, in the words the server refuses the setting with', () => {
    expect(disabledSettingReasons('o1', reasoning)).toEqual({ systemPrompt: null, temperature: 'o1 does not accept a temperature' });
    expect(disabledSettingReasons('GPT-4o', chat)).toEqual({ systemPrompt: null, temperature: null });
    expect(disabledSettingReasons('AI Overview', { systemPrompt: false, cachedTokens: false, reasoningTokens: false })).toEqual({
      systemPrompt: 'AI Overview does not accept a system prompt',
      temperature: 'AI Overview does not accept a temperature',
    });
  });

  it('makes settings from the form, leaving out blank and switched-off fields', () => {
    const open = disabledSettingReasons('GPT-4o', chat);
    expect(settingsFromFields(' Be brief. ', 0.4, open)).toEqual({ systemPrompt: 'Be brief.', temperature: 0.4 });
    expect(settingsFromFields('', '', open)).toEqual({});
    expect(settingsFromFields('Think.', 0.4, disabledSettingReasons('o1', reasoning))).toEqual({ systemPrompt: 'Think.' });
  });
});

describe('the compare request', () => {
  it('carries each model’s own settings, and none for a model whose column was never set', () => {
    const gpt = { engine: 'openai', model: 'gpt-4o' };
    const claude = { engine: 'anthropic', model: 'claude-3-5-haiku-20241022' };
    const llama = { engine: 'groq', model: 'llama-3.1-8b-instant' };
    setColumnSettings(gpt, { temperature: 0.4 });
    rememberAskedSettings([{ ...claude, settings: null }]);
    expect(columnSettingsOf(claude)).toEqual({});
    expect(withColumnSettings(llama)).toEqual(llama);
    expect(buildCompareRequest('Why?', [gpt, claude, llama], plain, overview).models).toEqual([
      { ...gpt, settings: { temperature: 0.4 } },
      // Cleared on purpose: asked without settings even on a follow-up.
      { ...claude, settings: {} },
      llama,
    ]);
  });
});
