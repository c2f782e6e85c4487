import { describe, expect, it } from 'vitest';
import { generateDeterministicAnswer } from '../../simulator/deterministic-answer.ts';

const prompt = 'What is a good caching strategy for a busy web API?';

describe('generateDeterministicAnswer', () => {
  it('produces exactly the requested number of pieces, which join to the text', () => {
    for (const pieceCount of [1, 2, 3, 5, 19, 20, 21, 40, 41, 77, 200, 1000, 5000]) {
      const answer = generateDeterministicAnswer({ prompt, model: 'gpt-4o-mini', pieceCount });
      expect(answer.pieces).toHaveLength(pieceCount);
      expect(answer.pieces.join('')).toBe(answer.text);
    }
  });

  it('makes every piece one word followed by its whitespace, and ends without trailing whitespace', () => {
    for (const pieceCount of [1, 7, 40, 300]) {
      const { pieces, text } = generateDeterministicAnswer({ prompt, model: 'deepseek-chat', pieceCount });
      for (const piece of pieces) expect(piece).toMatch(/^\S+\s*$/);
      expect(text).toBe(text.trimEnd());
    }
  });

  it('is the same for the same prompt and model', () => {
    const first = generateDeterministicAnswer({ prompt, model: 'gpt-4o', pieceCount: 60 });
    const second = generateDeterministicAnswer({ prompt, model: 'gpt-4o', pieceCount: 60 });
    expect(second).toEqual(first);
  });

  it('differs for a different prompt or a different model', () => {
    const base = generateDeterministicAnswer({ prompt, model: 'gpt-4o', pieceCount: 60 }).text;
    expect(generateDeterministicAnswer({ prompt: 'How do I learn Rust quickly?', model: 'gpt-4o', pieceCount: 60 }).text).not.toBe(base);
    expect(generateDeterministicAnswer({ prompt, model: 'sonar', pieceCount: 60 }).text).not.toBe(base);
  });

  it('reads as a markdown answer: a bold lead naming the model and quoting the question, paragraphs and a list', () => {
    const { text } = generateDeterministicAnswer({ prompt: 'How do I cache things?', model: 'gpt-4o-mini', pieceCount: 40 });
    const lines = text.split('\n');
    expect(lines[0]).toBe('**gpt-4o-mini** on “How do I cache things?”');
    expect(text.split('\n\n').length).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/^- \S.*$/m);
    expect(text).toMatch(/\.$/);
  });

  it('shortens a long question in the lead line', () => {
    const { pieces } = generateDeterministicAnswer({ prompt, model: 'gpt-4o-mini', pieceCount: 40 });
    expect(pieces.slice(0, 8).join('')).toBe('**gpt-4o-mini** on “What is a good caching strategy…”\n\n');
  });

  it('still names the model in a very short answer and with an empty prompt', () => {
    expect(generateDeterministicAnswer({ prompt, model: 'llama-3', pieceCount: 1 }).text).toBe('**llama-3:**');
    expect(generateDeterministicAnswer({ prompt: '', model: 'llama-3', pieceCount: 30 }).text).toMatch(/^\*\*llama-3\*\* here\.\n\n/);
  });

  it('rejects a piece count that is not a positive whole number', () => {
    expect(() => generateDeterministicAnswer({ prompt, model: 'm', pieceCount: 0 })).toThrow(RangeError);
    expect(() => generateDeterministicAnswer({ prompt, model: 'm', pieceCount: 2.5 })).toThrow(RangeError);
  });
});
