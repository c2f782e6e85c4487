import { describe, expect, it } from 'vitest';
import type { CreditHistoryEntry } from '../../api/credit-history-api.ts';
import { creditEntryText, signedCredits } from './credit-entry-text.ts';

const entry = (overrides: Partial<CreditHistoryEntry>): CreditHistoryEntry => ({
  id: '00000000-0000-4000-8000-000000000000',
  kind: 'grant',
  credits: 150,
  createdAt: '2026-11-29T10:00:00.000Z',
  reason: null,
  demo: false,
  model: null,
  ...overrides,
});
const names = ({ engine, model }: { engine: string; model: string }) => `${engine.toUpperCase()} ${model}`;

describe('the history of credits in words', () => {
  it('says an operator’s grant with its reason, and a demo grant as such', () => {
    expect(creditEntryText(entry({ kind: 'operator_grant', credits: 300, reason: 'Sorry for the outage' }), names)).toEqual({
      title: 'Added by the operator',
      detail: 'Sorry for the outage',
    });
    expect(creditEntryText(entry({ kind: 'operator_grant', credits: 500, reason: 'Demo credits', demo: true }), names)).toEqual({
      title: 'Demo credits',
      detail: 'Added with the demo button',
    });
  });

  it('names a charge’s model when it is known', () => {
    expect(creditEntryText(entry({ kind: 'charge', credits: -4, model: { engine: 'openai', model: 'gpt-4o' } }), names).title).toBe('Answer from OPENAI gpt-4o');
    expect(creditEntryText(entry({ kind: 'charge', credits: -4 }), names).title).toBe('Answer');
    expect(creditEntryText(entry({ kind: 'grant' }), names).title).toBe('Welcome credits');
  });

  it('signs amounts with a real minus and separators', () => {
    expect(signedCredits(1500)).toBe('+1,500');
    expect(signedCredits(-12)).toBe('\u221212');
  });
});
