import type { CompareRequestBody, ModelPair, SearchRequestBody } from '../../../contract/ask.ts';
import type { HistoryRequest } from '../api/history-api.ts';
import { DEFAULT_AI_OVERVIEW_PARAMS, type AiOverviewParams } from '../components/ai-overview-settings/ai-overview-params.ts';
import type { SearchSettingsValue } from '../components/search-settings/search-settings-value.ts';
import type { RestoredResult } from '../requests/request-state.ts';

/**
 * A past request's settings as the form holds them, so "Run this prompt again" and "Continue" ask with exactly
 * what was asked before: web search, brand monitoring with its brand, and the AI Overview country and language.
 */
export function settingsOf(request: HistoryRequest): SearchSettingsValue {
  const brand = request.brandConfig;
  return {
    searchEnabled: request.searchEnabled,
    brandMonitoringEnabled: request.brandMonitoringEnabled && brand !== null,
    brandConfig: brand
      ? {
          brandName: brand.brandName,
          ...(brand.websiteUrl ? { websiteUrl: brand.websiteUrl } : {}),
          keywords: brand.keywords ?? [],
          ...(brand.competitors ? { competitors: brand.competitors } : {}),
        }
      : null,
  };
}

/** The AI Overview country and language it was asked with, each the default when it was not given. */
export const aiOverviewParamsOf = (request: HistoryRequest): AiOverviewParams => ({ ...DEFAULT_AI_OVERVIEW_PARAMS, ...request.aiOverviewParams });

/** The fields of a body that are the request's settings. */
function settingFields(request: HistoryRequest, models: readonly ModelPair[]) {
  const settings = settingsOf(request);
  return {
    searchEnabled: settings.searchEnabled,
    ...(models.some((pair) => pair.engine === 'ai-overview') ? { aiOverviewParams: aiOverviewParamsOf(request) } : {}),
    brandMonitoringEnabled: settings.brandMonitoringEnabled,
    ...(settings.brandMonitoringEnabled && settings.brandConfig ? { brandConfig: settings.brandConfig } : {}),
    ...(request.followUpOf ? { followUpOf: request.followUpOf } : {}),
  };
}

/** The body a past single question was asked with: what a Regenerate of it asks again. */
export function singleBodyOf(request: HistoryRequest): SearchRequestBody {
  const pair = { engine: request.engine, model: request.model };
  return { query: request.query, model: pair.engine, specificModel: pair.model, ...settingFields(request, [pair]) };
}

/** The body a past comparison was asked with. */
export function compareBodyOf(request: HistoryRequest, models: readonly ModelPair[]): CompareRequestBody {
  return { query: request.query, models: models.map(({ engine, model }) => ({ engine, model })), ...settingFields(request, models) };
}

/** Each model's result with its versions, as the history sends them; a request with none cannot be put back. */
export const restorableResults = (request: HistoryRequest): RestoredResult[] | null => (request.results.length > 0 ? request.results : null);
