import type { CompareRequest, ModelPair } from '../../../api/compare-contract.ts';
import type { SearchRequest } from '../../../api/search-contract.ts';
import type { AiOverviewParams } from '../../../components/ai-overview-settings/ai-overview-params.ts';
import { COMPARISON_VALIDATION } from '../../../components/query-box/query-text.ts';

/** The server compares at most this many models at once (its own limit; asking for more is refused). */
export const MAX_COMPARED_MODELS = 10;
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
  brandConfig: CompareRequest['brandConfig'];
}

/**
 * Spec section 3's compare request; the query is trimmed before sending (spec section 5). The AI Overview params
 * travel only when that engine is among the models.
 */
export function buildCompareRequest(query: string, models: readonly ModelPair[], settings: SettingsFields, aiOverview: AiOverviewParams): CompareRequest {
  return {
    query: query.trim(),
    models: models.map(({ engine, model }) => ({ engine, model })),
    searchEnabled: settings.searchEnabled,
    ...(models.some((pair) => pair.engine === AI_OVERVIEW_ENGINE) ? { aiOverviewParams: aiOverview } : {}),
    brandMonitoringEnabled: settings.brandMonitoringEnabled,
    ...(settings.brandMonitoringEnabled && settings.brandConfig ? { brandConfig: settings.brandConfig } : {}),
  };
}

/** The single-model search that asks one column's model again, with the comparison's question and settings. */
export function retryRequest(comparison: CompareRequest, column: ModelPair): SearchRequest {
  return {
    query: comparison.query,
    model: column.engine,
    specificModel: column.model,
    searchEnabled: comparison.searchEnabled,
    ...(column.engine === AI_OVERVIEW_ENGINE && comparison.aiOverviewParams ? { aiOverviewParams: comparison.aiOverviewParams } : {}),
    brandMonitoringEnabled: comparison.brandMonitoringEnabled,
    ...(comparison.brandConfig ? { brandConfig: comparison.brandConfig } : {}),
  };
}
