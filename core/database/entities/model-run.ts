import type { StoredColumnSettings } from '../../../contract/column-settings.ts';
import type { ConversationTurn } from '../../../contract/conversation.ts';
import type { SearchTrail } from '../../../contract/search-trail.ts';
import { defineEntity, p } from '@mikro-orm/core';
import type { AnswerSource } from '../../../contract/run-events.ts';
import { SearchRequest } from './search-request.ts';

export const MODEL_RUN_STATUSES = ['queued', 'running', 'completed', 'error'] as const;
export type ModelRunStatus = (typeof MODEL_RUN_STATUSES)[number];
export const OPEN_MODEL_RUN_STATUSES: readonly ModelRunStatus[] = ['queued', 'running'];

/** One model answering one request: the unit of work a worker job performs and the unit that is charged. */
const ModelRunSchema = defineEntity({
  name: 'ModelRun',
  tableName: 'model_runs',
  properties: {
    id: p.uuid().primary(),
    request: () => p.manyToOne(SearchRequest).deleteRule('cascade'),
    engine: p.string(),
    model: p.string(),
    /** Where the model stands in its request (0 for a single search): results keep the order models were picked. */
    position: p.smallint().default(0),
    status: p.enum(MODEL_RUN_STATUSES).default('queued'),
    answerText: p.text().nullable(),
    finishReason: p.string().nullable(),
    sources: p.json<AnswerSource[]>().onCreate(() => []),
    /** What the model searched, retrieved and cited, as stored with the answer; null without web search. */
    searchTrail: p.json<SearchTrail>().nullable(),
    errorCode: p.string().nullable(),
    errorMessage: p.text().nullable(),
    /** What the run cost once settled: its hold captured on success, 0 when it failed. */
    creditsCharged: p.integer().default(0),
    /** The earlier turns this model is given when its request follows up another: its own side of the thread. */
    conversation: p.json<ConversationTurn[]>().nullable(),
    /** The model version the provider reported answering with (`gpt-4o-2024-08-06` for `gpt-4o`); null when it reported none. */
    modelVersion: p.string().length(200).nullable(),
    inputTokens: p.integer().nullable(),
    outputTokens: p.integer().nullable(),
    /** Of the input tokens, those the provider read from its prompt cache; null when the model does not report them. */
    cachedTokens: p.integer().nullable(),
    /** Of the output tokens, those the model spent reasoning; null when the model does not report them. */
    reasoningTokens: p.integer().nullable(),
    /** The column's own settings it was asked with (system prompt, temperature); null when none. */
    settings: p.json<StoredColumnSettings>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    startedAt: p.datetime().nullable(),
    firstTokenAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
  },
});

export class ModelRun extends ModelRunSchema.class {}
ModelRunSchema.setClass(ModelRun);
export { ModelRunSchema };
