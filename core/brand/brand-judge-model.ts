import type { ModelCatalogue } from '../catalogue/model-catalogue.ts';
import { ConfigurationError, type BrandJudgeConfig } from '../config/config.ts';

/** The judge model an operator set, found in the catalogue. */
export interface BrandJudgeModel {
  engine: string;
  model: string;
  /** `engine/model`, as configured and as recorded on each verdict it makes. */
  id: string;
}

/**
 * BRAND_JUDGE_MODEL checked against the catalogue, when a process starts: a judge that names no model the
 * catalogue offers stops the start with one readable message instead of failing quietly on every answer.
 * Undefined when no judge is configured.
 */
export function brandJudgeModel(config: BrandJudgeConfig, catalogue: ModelCatalogue): BrandJudgeModel | undefined {
  if (config.model === undefined) return undefined;
  const slash = config.model.indexOf('/');
  const engineId = config.model.slice(0, slash);
  const modelId = config.model.slice(slash + 1);
  const engine = catalogue.findEngine(engineId);
  if (!engine) throw new ConfigurationError([`BRAND_JUDGE_MODEL names the engine "${engineId}", which the model catalogue does not list`]);
  // The AI Overview engine searches; it cannot be asked to read an answer and reply in JSON.
  if (engine.provider === 'serpapi') throw new ConfigurationError([`BRAND_JUDGE_MODEL cannot be the ${engine.id} engine: it answers searches, not instructions`]);
  const model = catalogue.findModel(engine, modelId);
  if (!model) throw new ConfigurationError([`BRAND_JUDGE_MODEL names the model "${modelId}", which the ${engine.id} engine does not list in the model catalogue`]);
  return { engine: engine.id, model: model.id, id: `${engine.id}/${model.id}` };
}
