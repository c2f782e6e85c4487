import {
  DEFAULT_AI_OVERVIEW_COUNTRY,
  DEFAULT_AI_OVERVIEW_LANGUAGE,
  engineAvailability,
  isAiOverviewCountry,
  isAiOverviewLanguage,
  type ModelCatalogue,
} from '../catalogue/index.ts';
import type { QuorumConfig } from '../config/index.ts';
import { runCredits, type Tier, tierRefusal } from '../credits/index.ts';
import { AppError } from '../errors/index.ts';
import { columnSettingsProblem } from '../../contract/column-settings-rules.ts';

/**
 * Refuses a set its runs would be refused for anyway, at the moment it is saved rather than at 3 a.m.: an unknown
 * or unavailable model, or one the owner's tier may not ask. Returns the AI Overview's country and language when
 * the set asks that engine (with the product's defaults), else null.
 */
export function checkTrackedModels(
  catalogue: ModelCatalogue,
  engineSettings: Pick<QuorumConfig, 'demoMode' | 'providers' | 'localModels'>,
  tier: Tier,
  models: readonly { engine: string; model: string; temperature?: number | null | undefined }[],
  aiOverviewParams: { gl?: string | undefined; hl?: string | undefined } | null | undefined,
): { gl: string; hl: string } | null {
  const seen = new Set<string>();
  const runs = models.map((choice) => {
    const key = `${choice.engine}/${choice.model}`;
    if (seen.has(key)) throw new AppError('VALIDATION_ERROR', `${key} is listed twice`);
    seen.add(key);
    const engine = catalogue.findEngine(choice.engine);
    const model = engine ? catalogue.findModel(engine, choice.model) : undefined;
    if (!engine || !model) throw new AppError('VALIDATION_ERROR', `Unknown model "${key}"`);
    const availability = engineAvailability(engineSettings, engine);
    if (!availability.available) throw new AppError('VALIDATION_ERROR', availability.reason ?? `${engine.name} is not available`);
    // A fixed temperature the model does not take would fail every run; it is refused with the words a person's
    // column setting gets.
    if (choice.temperature !== undefined && choice.temperature !== null) {
      const problem = columnSettingsProblem(model.name, model.capabilities, { temperature: choice.temperature });
      if (problem) throw new AppError('VALIDATION_ERROR', problem);
    }
    return { engine, model, credits: runCredits(catalogue, engine.id, model.id, false) };
  });
  const refusal = tierRefusal(tier, { runs, comparison: runs.length > 1, searchEnabled: false, brandMonitoringEnabled: true });
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  if (!runs.some((run) => run.engine.provider === 'serpapi')) return null;
  const gl = (aiOverviewParams?.gl ?? DEFAULT_AI_OVERVIEW_COUNTRY).toLowerCase();
  const hl = (aiOverviewParams?.hl ?? DEFAULT_AI_OVERVIEW_LANGUAGE).toLowerCase();
  if (!isAiOverviewCountry(gl)) throw new AppError('VALIDATION_ERROR', `AI Overview is not available for the location "${gl}"`);
  if (!isAiOverviewLanguage(hl)) throw new AppError('VALIDATION_ERROR', `AI Overview is not available in the language "${hl}"`);
  return { gl, hl };
}
