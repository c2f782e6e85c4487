/** The engine this first page asks; the full UI will let the user pick among several. */
export const OPENAI_ENGINE = { id: 'openai', label: 'OpenAI' } as const;

/** Offered in this order; the first is the default because it is the cheapest capable model. */
export const OPENAI_MODELS = [
  'gpt-4o-mini',
  'gpt-3.5-turbo',
  'gpt-4.1-mini',
  'gpt-4o',
  'gpt-4.1',
  'gpt-5',
  'o3-mini',
  'o1',
] as const;

export type OpenAiModel = (typeof OPENAI_MODELS)[number];

export const DEFAULT_OPENAI_MODEL: OpenAiModel = 'gpt-4o-mini';

export function isOpenAiModel(value: string): value is OpenAiModel {
  return (OPENAI_MODELS as readonly string[]).includes(value);
}
