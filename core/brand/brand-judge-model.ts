import type { ModelCatalogue } from '../catalogue/index.ts';
import { ConfigurationError, type QuorumConfig } from '../config/index.ts';

/** The judge model an operator set, or the one chosen for them, found in the catalogue. */
export interface BrandJudgeModel {
  engine: string;
  model: string;
  /** `engine/model`, as configured and as recorded on each verdict it makes. */
  id: string;
  /** Whether the operator named it (BRAND_JUDGE_MODEL) or it was picked from DEFAULT_JUDGE_ORDER. */
  chosen: 'configured' | 'default';
}

/**
 * Where real models answer, the judge is on unless the operator turns it off: the first of these whose provider has
 * a key and which the catalogue lists. Cheapest capable first (list prices per million tokens, input / output, when
 * chosen): each follows an instruction to reply in strict JSON and quotes word for word. Perplexity's models search
 * the web before answering and the AI Overview only searches, so neither judges.
 */
export const DEFAULT_JUDGE_ORDER = [
  'gemini/gemini-2.0-flash', // 0.10 / 0.40
  'openai/gpt-4o-mini', // 0.15 / 0.60
  'deepseek/deepseek-chat', // 0.27 / 1.10
  'groq/llama-3.3-70b-versatile', // 0.59 / 0.79
  'anthropic/claude-3-5-haiku-20241022', // 0.80 / 4.00
] as const;

type JudgeSettings = Pick<QuorumConfig, 'brandJudge' | 'demoMode' | 'providers'>;

/**
 * The brand judge this process uses, decided when it starts. BRAND_JUDGE_MODEL names one (checked against the
 * catalogue: a judge it does not list stops the start with one readable message instead of failing quietly on every
 * answer), `off` turns it off, and unset means the default: in demo mode none (the local analyser), otherwise the
 * first of DEFAULT_JUDGE_ORDER a configured provider can answer. Undefined when there is no judge.
 */
export function brandJudgeModel(settings: JudgeSettings, catalogue: ModelCatalogue): BrandJudgeModel | undefined {
  const configured = settings.brandJudge.model;
  if (configured === 'off') return undefined;
  if (configured !== undefined) return configuredJudge(configured, catalogue);
  if (settings.demoMode) return undefined;
  for (const id of DEFAULT_JUDGE_ORDER) {
    const [engineId, modelId] = splitJudgeId(id);
    const engine = catalogue.findEngine(engineId);
    const model = engine && catalogue.findModel(engine, modelId);
    const provider = engine && settings.providers[engine.provider as keyof JudgeSettings['providers']];
    if (model && provider?.apiKey !== undefined) return { engine: engine.id, model: model.id, id, chosen: 'default' };
  }
  return undefined;
}

function configuredJudge(id: string, catalogue: ModelCatalogue): BrandJudgeModel {
  const [engineId, modelId] = splitJudgeId(id);
  const engine = catalogue.findEngine(engineId);
  if (!engine) throw new ConfigurationError([`BRAND_JUDGE_MODEL names the engine "${engineId}", which the model catalogue does not list`]);
  // The AI Overview engine searches; it cannot be asked to read an answer and reply in JSON.
  if (engine.provider === 'serpapi') throw new ConfigurationError([`BRAND_JUDGE_MODEL cannot be the ${engine.id} engine: it answers searches, not instructions`]);
  const model = catalogue.findModel(engine, modelId);
  if (!model) throw new ConfigurationError([`BRAND_JUDGE_MODEL names the model "${modelId}", which the ${engine.id} engine does not list in the model catalogue`]);
  return { engine: engine.id, model: model.id, id: `${engine.id}/${model.id}`, chosen: 'configured' };
}

/** `engine/model`; the model id may itself hold a slash. */
function splitJudgeId(id: string): [string, string] {
  const slash = id.indexOf('/');
  return [id.slice(0, slash), id.slice(slash + 1)];
}
