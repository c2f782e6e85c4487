import { describe, expect, it, vi } from 'vitest';
import type { Pricing } from '../api/credits-api.ts';
import { requestCost } from './model-access.ts';
import { ownEntry } from './own-entry.ts';

describe('lookups by an id from outside', () => {
  it("finds a record's own entries only, never Object's", () => {
    const engines: Record<string, { name: string }> = { openai: { name: 'OpenAI' } };
    expect(ownEntry(engines, 'openai')).toEqual({ name: 'OpenAI' });
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'nope']) expect(ownEntry(engines, id)).toBeUndefined();
    expect(ownEntry(undefined, 'openai')).toBeUndefined();
  });

  it('prices an engine called constructor at nothing instead of failing', () => {
    const pricing: Pricing = { models: { openai: { 'gpt-4o-mini': 6 } }, features: { webSearch: 2, streaming: 0, brandMonitoring: 0 } };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(requestCost(pricing, [{ engine: 'constructor', modelId: 'name' }, { engine: 'openai', modelId: 'gpt-4o-mini' }], false)).toBe(6);
    warn.mockRestore();
  });
});
