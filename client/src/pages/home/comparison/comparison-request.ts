import type { ComparedModel, CompareRequestBody, ModelPair } from '../../../../../contract/ask.ts';
import { MAX_COMPARED_MODELS } from '../../../../../contract/limits.ts';
import type { AiOverviewParams } from '../../../components/ai-overview-settings/ai-overview-params.ts';
import { COMPARISON_VALIDATION } from '../../../components/query-box/query-text.ts';
import { withColumnSettings } from './column-settings-store.ts';

export const TOO_MANY_MODELS_MESSAGE = `You can compare at most ${MAX_COMPARED_MODELS} models at once`;
export const AI_OVERVIEW_ENGINE = 'ai-overview';

export interface ComparisonProblems {
  /** Shown by the model checklist. */
  models: string | null;
  /** Shown under the question box. */
  query: string | null;
}

/** Spec section 5's comparison checks; both are reported at once so each shows where it belongs. */
export function validateComparison(query: string, selectedCount: number): ComparisonProblems {
  return {
    models:
      selectedCount === 0 ? COMPARISON_VALIDATION.models : selectedCount > MAX_COMPARED_MODELS ? TOO_MANY_MODELS_MESSAGE : null,
    query: query.trim() === '' ? COMPARISON_VALIDATION.query : null,
  };
}

export const hasProblems = (problems: ComparisonProblems): boolean => problems.models !== null || problems.query !== null;

/** What Search Settings decide, as `useSearchSettings().requestFields()` gives them. */
export interface SettingsFields {
  searchEnabled: boolean;
  brandMonitoringEnabled: boolean;
  brandConfig: CompareRequestBody['brandConfig'];
}

/**
 * The compare request; the query is trimmed before sending. The AI Overview params
 * travel only when that engine is among the models; each model carries the settings its column was given.
 */
export function buildCompareRequest(
  query: string,
  models: readonly ModelPair[],
  settings: SettingsFields,
  aiOverview: AiOverviewParams,
  modelOf: (pair: ModelPair) => ComparedModel = withColumnSettings,
): CompareRequestBody {
  return {
    query: query.trim(),
    models: models.map(modelOf),
    searchEnabled: settings.searchEnabled,
    ...(models.some((pair) => pair.engine === AI_OVERVIEW_ENGINE) ? { aiOverviewParams: aiOverview } : {}),
    brandMonitoringEnabled: settings.brandMonitoringEnabled,
    ...(settings.brandMonitoringEnabled && settings.brandConfig ? { brandConfig: settings.brandConfig } : {}),
  };
}
