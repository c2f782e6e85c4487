import type { SearchRequestBody } from '../../../../../contract/ask.ts';
import type { AiOverviewParams } from '../../../components/ai-overview-settings/ai-overview-params.ts';
import { SEARCH_VALIDATION } from '../../../components/query-box/query-text.ts';
import type { ModelSelection } from './model-selection.ts';

export const AI_OVERVIEW_ENGINE = 'ai-overview';

/** What the single view's form says is missing, each shown where it belongs; null where nothing is. */
export interface SingleProblems {
  query: string | null;
  engine: string | null;
  model: string | null;
}

export const NO_PROBLEMS: SingleProblems = { query: null, engine: null, model: null };

/** The single view's checks, all reported at once. */
export const singleProblems = (query: string, selection: ModelSelection): SingleProblems => ({
  query: query.trim() === '' ? SEARCH_VALIDATION.query : null,
  engine: selection.engine === '' ? SEARCH_VALIDATION.engine : null,
  model: selection.model === '' ? SEARCH_VALIDATION.model : null,
});

/** The search request, the query trimmed; the AI Overview params travel only when that engine is asked. */
export function buildSearchRequest(
  query: string,
  selection: ModelSelection,
  settings: Pick<SearchRequestBody, 'searchEnabled' | 'brandMonitoringEnabled' | 'brandConfig'>,
  aiOverviewParams: AiOverviewParams,
): SearchRequestBody {
  return {
    query: query.trim(),
    model: selection.engine,
    specificModel: selection.model,
    ...settings,
    ...(selection.engine === AI_OVERVIEW_ENGINE ? { aiOverviewParams } : {}),
  };
}
