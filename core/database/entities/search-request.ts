import { defineEntity, p } from '@mikro-orm/core';
import type { BrandConfig } from '../../../contract/ask.ts';
import type { ConversationTurn } from '../../../contract/conversation.ts';
import { CONTINUE_MODES } from '../../../contract/continuation.ts';
import { ModelRun } from './model-run.ts';
import { User } from './user.ts';

export const SEARCH_REQUEST_STATUSES = ['pending', 'completed', 'error'] as const;
export type SearchRequestStatus = (typeof SEARCH_REQUEST_STATUSES)[number];

/**
 * What a request is: one model (`single`) or several side by side (`comparison`), asked in the chat; several blind
 * (`arena`), asked on the arena page; or a tracked prompt asked by a tracking run (`tracking`). Only the first two
 * are the chat history; the others are seen on their own pages.
 */
export const REQUEST_KINDS = ['single', 'comparison', 'arena', 'tracking'] as const;
/** The kinds the chat history lists. */
export const CHAT_REQUEST_KINDS = ['single', 'comparison'] as const satisfies readonly RequestKind[];
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** One question a person asked: one model (single mode) or several (comparison), each answered by a run. */
const SearchRequestSchema = defineEntity({
  name: 'SearchRequest',
  tableName: 'search_requests',
  properties: {
    id: p.uuid().primary(),
    query: p.text(),
    kind: p.enum(REQUEST_KINDS).default('single'),
    /** Asked through a streaming endpoint. */
    streamed: p.boolean().default(false),
    /** A single question's engine id; null for a comparison, whose runs name theirs. */
    engine: p.string().nullable(),
    /** A single question's model id; null for a comparison. */
    model: p.text().nullable(),
    searchEnabled: p.boolean().default(false),
    brandMonitoringEnabled: p.boolean().default(false),
    /** The product's aiOverviewParams (`gl` country, `hl` language), for the ai-overview engine. */
    aiOverviewParams: p.json<{ gl: string; hl: string }>().nullable(),
    status: p.enum(SEARCH_REQUEST_STATUSES).default('pending'),
    /** Runs not yet ended; the ending that takes it to 0 ends the request. Set by admission, counted down by endings. */
    openRuns: p.smallint().default(0),
    /** Runs that ended with an answer. */
    answeredRuns: p.smallint().default(0),
    errorMessage: p.text().nullable(),
    /** The signed-in owner, or null for a guest (then `guestKey` is the HMAC of their IP). */
    user: () => p.manyToOne(User).nullable().deleteRule('cascade'),
    guestKey: p.string().nullable(),
    /** The anonymous session that asked, for a guest: it alone may watch, resume or cancel the request. */
    guestSessionId: p.string().nullable(),
    /** The brand its answers are analysed for (when `brandMonitoringEnabled`), as the person configured it. */
    brandConfig: p.json<BrandConfig>().nullable(),
    /** The developer API key it was asked with; null for the web app. */
    apiKeyId: p.uuid().nullable(),
    /** Earlier turns of a conversation this question continues (OpenAI-compatible calls); null for a lone question. */
    conversation: p.json<ConversationTurn[]>().nullable(),
    /** The earlier request this one follows up (the previous turn of its thread); null for a first question. */
    followUpOf: p.uuid().nullable(),
    /** How this follow-up continued the request before it: each model its own answers, one answer carried to all, or one model alone. */
    continueMode: p.enum(CONTINUE_MODES).default('independent'),
    /** With `carry`: the `engine/model` whose answer to the previous question every model was given. */
    carryFrom: p.text().nullable(),
    /** An edited question: the first version of the turn it is a new version of (it follows up the same request). */
    versionOf: p.uuid().nullable(),
    /** The request one of whose models this asks again on its own (Retry, Regenerate); its answer then replaces that model's. */
    retryOf: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    completedAt: p.datetime().nullable(),
    runs: () => p.oneToMany(ModelRun).mappedBy('request'),
  },
});

export class SearchRequest extends SearchRequestSchema.class {}
SearchRequestSchema.setClass(SearchRequest);
export { SearchRequestSchema };
