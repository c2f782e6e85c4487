import type { ModelPair } from '../../../../contract/ask.ts';
import { BRAND_LIMITS, MAX_COMPARED_MODELS, QUERY_MAX_LENGTH } from '../../../../contract/limits.ts';
import { NO_RESULT_FACTS } from '../../../../contract/failed-result.ts';
import type { ModelResult } from '../../../../contract/model-result.ts';
import type { HistoryRequest } from '../../api/history-api.ts';

type HistoryResult = HistoryRequest['results'][number];

/**
 * A link that opens the home page ready to ask: `/?q=question&models=engine/model,engine/model&search=1&brand=Acme`.
 * It is read into the shape a past request has, so the views fill their forms exactly as "Run this prompt again"
 * does (and drop what this person may not use). Nothing is asked until the person presses Ask: a link must never
 * spend someone's credits.
 *
 * One model opens the single view; two or more open the comparison. Without `models` the single view opens with the
 * question and its current choice of model.
 */
const MODEL_ID = /^([a-z0-9-]+)\/([A-Za-z0-9._:-]+)$/;
const YES = new Set(['1', 'true', 'on', 'yes']);

/** The engine/model pairs a link names, well-formed and each once, at most as many as a comparison takes. */
export function linkedModels(value: string | null): ModelPair[] {
  if (!value) return [];
  const seen = new Set<string>();
  const pairs: ModelPair[] = [];
  for (const id of value.split(',').map((part) => part.trim())) {
    const match = MODEL_ID.exec(id);
    if (!match || seen.has(id)) continue;
    seen.add(id);
    pairs.push({ engine: match[1]!, model: match[2]! });
  }
  return pairs.slice(0, MAX_COMPARED_MODELS);
}

/** A model the link asks for, not asked yet: only its engine and model are read when a form is filled. */
const notYetAsked = (pair: ModelPair): HistoryResult => {
  const result = { ...blankResult(pair), settings: null };
  return { ...result, versions: [result] };
};

const blankResult = ({ engine, model }: ModelPair): ModelResult => ({
  runId: '',
  engine,
  model,
  success: false,
  response: null,
  error: null,
  errorCode: null,
  retryable: false,
  finishReason: null,
  ...NO_RESULT_FACTS,
});

/** The request a link describes, or null when it carries no question. */
export function requestFromLink(search: string, now: Date = new Date()): HistoryRequest | null {
  const parameters = new URLSearchParams(search);
  const query = (parameters.get('q') ?? '').trim().slice(0, QUERY_MAX_LENGTH);
  if (query === '') return null;
  const models = linkedModels(parameters.get('models'));
  const brandName = (parameters.get('brand') ?? '').trim().slice(0, BRAND_LIMITS.name);
  const single = models.length === 1 ? models[0]! : null;
  return {
    id: '',
    kind: models.length > 1 ? 'comparison' : 'single',
    query,
    response: null,
    status: 'pending',
    errorMessage: null,
    engine: single ? single.engine : models.length > 1 ? 'comparison' : '',
    model: single ? single.model : models.length > 1 ? `comparison:${models.map((pair) => `${pair.engine}/${pair.model}`).join(',')}` : '',
    createdAt: now.toISOString(),
    completedAt: null,
    creditsUsed: 0,
    searchEnabled: YES.has((parameters.get('search') ?? '').toLowerCase()),
    brandMonitoringEnabled: brandName !== '',
    brandConfig: brandName ? { brandName, keywords: [] } : null,
    aiOverviewParams: null,
    results: models.map(notYetAsked),
    followUpOf: null,
    continueMode: 'independent',
    carryFrom: null,
    versionOf: null,
  };
}
