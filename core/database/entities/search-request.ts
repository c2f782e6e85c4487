import { defineEntity, p } from '@mikro-orm/core';
import { ModelRun } from './model-run.ts';
import { User } from './user.ts';

export const SEARCH_REQUEST_STATUSES = ['pending', 'completed', 'error'] as const;
export type SearchRequestStatus = (typeof SEARCH_REQUEST_STATUSES)[number];

/** One question a person asked: one model (single mode) or several (comparison), each answered by a run. */
const SearchRequestSchema = defineEntity({
  name: 'SearchRequest',
  tableName: 'search_requests',
  properties: {
    id: p.uuid().primary(),
    query: p.text(),
    /** The spec's `model` field: an engine id, or `comparison` for a comparison request. */
    engine: p.string(),
    /** The spec's `specificModel`, or for comparisons the `prefix:engine/model,…` list. */
    model: p.text(),
    searchEnabled: p.boolean().default(false),
    brandMonitoringEnabled: p.boolean().default(false),
    /** The spec's aiOverviewParams (`gl` country, `hl` language), for the ai-overview engine. */
    aiOverviewParams: p.json<{ gl: string; hl: string }>().nullable(),
    status: p.enum(SEARCH_REQUEST_STATUSES).default('pending'),
    errorMessage: p.text().nullable(),
    /** The signed-in owner, or null for a guest (then `guestKey` is the HMAC of their IP). */
    user: () => p.manyToOne(User).nullable().deleteRule('cascade'),
    guestKey: p.string().nullable(),
    /** The anonymous session that asked, for a guest: it alone may watch, resume or cancel the request. */
    guestSessionId: p.string().nullable(),
    brandConfig: p.json<{ brandName: string; websiteUrl?: string; keywords?: string[] }>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    completedAt: p.datetime().nullable(),
    runs: () => p.oneToMany(ModelRun).mappedBy('request'),
  },
});

export class SearchRequest extends SearchRequestSchema.class {}
SearchRequestSchema.setClass(SearchRequest);
export { SearchRequestSchema };
