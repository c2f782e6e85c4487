import type { AnswerSource } from './answer-provider.ts';

/**
 * Remembers which pages an answer has cited so far. Providers cite the same page many times (OpenAI annotates each
 * passage, Perplexity repeats its list on every chunk, Gemini repeats grounding chunks); each page should reach the
 * user once.
 */
export class CitedSources {
  private readonly seen = new Set<string>();

  /** The sources not cited before, in order, each URL once. */
  add(sources: readonly AnswerSource[]): AnswerSource[] {
    const fresh: AnswerSource[] = [];
    for (const source of sources) {
      if (this.seen.has(source.url)) continue;
      this.seen.add(source.url);
      fresh.push(source);
    }
    return fresh;
  }
}
