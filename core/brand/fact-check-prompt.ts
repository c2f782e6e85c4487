/**
 * What the judge model is asked when an answer is read against the brand's fact sheet. Built like the brand judge's
 * prompt (`brand-judge-prompt.ts`): instructions first, the input last as JSON under its own heading, so the answer's
 * text is never read as instructions. The simulator recognises the request by `FACT_CHECK_INPUT_HEADING`.
 */
export const FACT_CHECK_INPUT_HEADING = 'Fact-check input (JSON):';

/** What the judge reads: the brand, its sheet's claims (numbered from 1 as listed) and the answer. */
export interface FactCheckInput {
  brand: string;
  facts: string[];
  answer: string;
}

/** The most statements one answer's check keeps: a longer list is a judge listing every sentence. */
export const MAX_FACT_STATEMENTS = 30;

export function factCheckPrompt(input: FactCheckInput): string {
  return [
    'You check what an AI answer states about a brand against the facts the brand stands behind.',
    'Find every statement of fact the answer makes about the brand in the input (not opinions, not statements about other brands). For each:',
    '- verdict: "contradicted" when a listed fact says otherwise, "supported" when a listed fact says the same, "unchecked" when no listed fact speaks to it;',
    '- quote: the words of the answer that make the statement, copied exactly (at most one sentence);',
    '- fact: the listed fact concerned, copied exactly; null for "unchecked".',
    'Use only the listed facts, not what you know about the brand. No statement about the brand: an empty list.',
    `Reply with one JSON object and nothing else, no code fence, at most ${MAX_FACT_STATEMENTS} statements, exactly in this shape:`,
    '{"statements":[{"verdict":"…","quote":"…","fact":"…"}]}',
    '',
    FACT_CHECK_INPUT_HEADING,
    JSON.stringify(input),
  ].join('\n');
}

/** The input inside a prompt built by `factCheckPrompt`; undefined for any other prompt. */
export function readFactCheckInput(prompt: string): FactCheckInput | undefined {
  const at = prompt.lastIndexOf(`\n${FACT_CHECK_INPUT_HEADING}\n`);
  if (at < 0) return undefined;
  try {
    const input = JSON.parse(prompt.slice(at + FACT_CHECK_INPUT_HEADING.length + 2)) as Partial<FactCheckInput>;
    if (typeof input.brand !== 'string' || typeof input.answer !== 'string' || !Array.isArray(input.facts) || !input.facts.every((fact) => typeof fact === 'string')) return undefined;
    return { brand: input.brand, facts: input.facts, answer: input.answer };
  } catch {
    return undefined;
  }
}
