import { describe, expect, it } from 'vitest';
import { blankForm, canSubmit, descriptionCounter, descriptionFeedback, requestBody } from './support-form-rules.ts';

const filled = { name: 'Ada', email: 'ada@example.com', subject: 'Bug Report' as const, title: 'A title', description: 'Ten chars!' };

describe('support form rules', () => {
  it('shows the hint until something short is typed, then the rule in red', () => {
    expect(descriptionFeedback('')).toEqual({ error: null, hint: 'Minimum 10 characters required' });
    expect(descriptionFeedback('short').error).toBe('Description must be at least 10 characters long');
    expect(descriptionFeedback('   padded   ').error).toBe('Description must be at least 10 characters long');
    expect(descriptionFeedback('0123456789').error).toBeNull();
  });

  it('counts what is typed against 2000 without cutting it', () => {
    expect(descriptionCounter('')).toEqual({ text: '0/2000', over: false });
    expect(descriptionCounter('x'.repeat(2001))).toEqual({ text: '2001/2000', over: true });
  });

  it('enables Submit only with every field filled, 10 characters of description, and nothing in flight', () => {
    expect(canSubmit(filled, false)).toBe(true);
    expect(canSubmit(filled, true)).toBe(false);
    for (const field of ['name', 'email', 'subject', 'title'] as const) expect(canSubmit({ ...filled, [field]: '  ' }, false)).toBe(false);
    expect(canSubmit({ ...filled, description: '123456789' }, false)).toBe(false);
  });

  it('starts from the signed-in person and sends trimmed fields', () => {
    expect(blankForm({ name: 'Ada', email: 'ada@example.com' })).toEqual({ name: 'Ada', email: 'ada@example.com', subject: '', title: '', description: '' });
    expect(blankForm(null).email).toBe('');
    expect(requestBody({ ...filled, name: ' Ada ', description: '  Ten chars! \n' })).toMatchObject({ name: 'Ada', description: 'Ten chars!' });
  });
});
