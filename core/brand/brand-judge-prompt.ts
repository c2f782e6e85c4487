/**
 * What the judge model is asked. One prompt (the adapters send it as the user's message), instructions first and
 * the input last as JSON, so the answer's own text can never be mistaken for instructions about its format. The
 * simulator recognises the request by `BRAND_JUDGE_INPUT_HEADING` and answers in the shape asked for here.
 */
export const BRAND_JUDGE_INPUT_HEADING = 'Input (JSON):';

/** What the judge reads: the brands to judge (the monitored brand first, then its competitors) and the answer. */
export interface BrandJudgeInput {
  brands: string[];
  answer: string;
}

export function brandJudgePrompt(input: BrandJudgeInput): string {
  return [
    'You judge how an AI answer speaks of brands. Read the answer in the input and, for every brand listed, decide:',
    '- sentiment: "positive", "negative" or "neutral": how the answer speaks of that brand itself (praise of another brand is not praise of this one);',
    '- recommendation: "recommended" (the answer recommends it or calls it the best choice), "compared_unfavourably" (the answer places it below another),',
    '  "mentioned" (named without either), or "not_mentioned";',
    '- position: 1 for the listed brand the answer names first, 2 for the next, and so on; null when not named;',
    '- quote: the words of the answer that decide it, copied exactly (at most one sentence); "" when not named;',
    '- reason: one short sentence saying why.',
    'Judge only what the answer says, not what you know about the brands.',
    'Reply with one JSON object and nothing else, no code fence, exactly in this shape, one entry per brand in the order listed:',
    '{"brands":[{"name":"…","sentiment":"…","recommendation":"…","position":1,"quote":"…","reason":"…"}]}',
    '',
    BRAND_JUDGE_INPUT_HEADING,
    JSON.stringify(input),
  ].join('\n');
}

/** The judge input inside a prompt built by `brandJudgePrompt`; undefined for any other prompt. */
export function readBrandJudgeInput(prompt: string): BrandJudgeInput | undefined {
  const at = prompt.lastIndexOf(`\n${BRAND_JUDGE_INPUT_HEADING}\n`);
  if (at < 0) return undefined;
  try {
    const input = JSON.parse(prompt.slice(at + BRAND_JUDGE_INPUT_HEADING.length + 2)) as Partial<BrandJudgeInput>;
    if (!Array.isArray(input.brands) || typeof input.answer !== 'string' || !input.brands.every((brand) => typeof brand === 'string')) return undefined;
    return { brands: input.brands, answer: input.answer };
  } catch {
    return undefined;
  }
}
