import { describe, expect, it } from 'vitest';
import { generateDeterministicAnswer } from '../../simulator/deterministic-answer.ts';
import { planUrlCitations } from '../../simulator/openai-responses-citations.ts';
import { simulatedWebPages } from '../../simulator/openai-responses-web-pages.ts';

describe('simulated web search pages', () => {
  it('finds two or three pages on example domains, the same for the same prompt', () => {
    const pages = simulatedWebPages('Which database should I pick?');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.length).toBeLessThanOrEqual(3);
    expect(simulatedWebPages('Which database should I pick?')).toEqual(pages);
    expect(simulatedWebPages('Which queue should I pick?')).not.toEqual(pages);
    for (const page of pages) {
      expect(new URL(page.url).hostname).toMatch(/(^|\.)example\.(com|org|net)$/);
      expect(new URL(page.url).pathname).toContain('which-database-should-i-pick');
      expect(page.title).toContain('Which database should I pick?');
    }
    expect(new Set(pages.map((page) => page.url)).size).toBe(pages.length);
  });

  it('still finds pages for an empty prompt', () => {
    expect(simulatedWebPages('')[0]?.url).toMatch(/\/overview$/);
  });
});

describe('planUrlCitations', () => {
  const pages = [
    { url: 'https://docs.example.com/a', title: 'A', date: '2025-01-01' },
    { url: 'https://www.example.org/b', title: 'B', date: '2025-01-02' },
  ];

  it('cites consecutive passages, repeating the first page once, with indexes into the text', () => {
    const pieces = ['One ', 'two ', 'three ', 'four ', 'five ', 'six.'];
    const text = pieces.join('');
    const planned = planUrlCitations(pieces, pages);
    expect(planned.map((citation) => citation.afterPiece)).toEqual([1, 3, 5]);
    expect(planned.map((citation) => text.slice(citation.annotation.start_index, citation.annotation.end_index))).toEqual([
      'One two',
      'three four',
      'five six.',
    ]);
    expect(planned.map((citation) => citation.annotation.url)).toEqual([
      'https://docs.example.com/a?utm_source=openai',
      'https://www.example.org/b?utm_source=openai',
      'https://docs.example.com/a?utm_source=openai',
    ]);
  });

  it('counts characters, not UTF-16 units, like the API', () => {
    const planned = planUrlCitations(['😀 ', 'ok ', 'go'], pages);
    expect(planned[0]?.annotation).toMatchObject({ start_index: 0, end_index: 1 });
    expect(planned[1]?.annotation).toMatchObject({ start_index: 2, end_index: 4 });
  });

  it('cites fewer pages than found when the answer is too short', () => {
    expect(planUrlCitations(['Hi.'], pages)).toHaveLength(1);
    expect(planUrlCitations([], pages)).toEqual([]);
  });

  it('keeps every span inside a real answer', () => {
    const answer = generateDeterministicAnswer({ prompt: 'How do caches work?', model: 'gpt-4o', pieceCount: 40 });
    const length = [...answer.text].length;
    for (const { annotation } of planUrlCitations(answer.pieces, simulatedWebPages('How do caches work?'))) {
      expect(annotation.start_index).toBeLessThan(annotation.end_index);
      expect(annotation.end_index).toBeLessThanOrEqual(length);
    }
  });
});
