import { describe, expect, it } from 'vitest';
import { selectedLabel } from './selected-label.ts';

describe('the label a closed select shows', () => {
  it('is the label of the option whose value is chosen', () => {
    expect(selectedLabel([{ value: 'openai', label: 'OpenAI' }, { value: 'groq', label: 'Groq' }], 'groq')).toBe('Groq');
  });

  it('is the value itself for plain string options and for options without a label', () => {
    expect(selectedLabel(['One', 'Two'], 'Two')).toBe('Two');
    expect(selectedLabel([{ value: 'bare' }] as never, 'bare')).toBe('bare');
  });

  it('is found inside option groups', () => {
    expect(selectedLabel([{ group: 'Fast', items: [{ value: 'mini', label: 'GPT-4o mini' }] }], 'mini')).toBe('GPT-4o mini');
  });

  it('is empty when nothing is chosen or the value is not among the options', () => {
    expect(selectedLabel([{ value: 'a', label: 'A' }], null)).toBe('');
    expect(selectedLabel([{ value: 'a', label: 'A' }], 'gone')).toBe('');
  });
});
