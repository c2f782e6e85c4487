import type { RequestDialect, ScriptableRequest } from '../simulated-request-pipeline.ts';
import { decodePageToken } from './serpapi-page-token.ts';
import type { GoogleSearch } from './serpapi-payloads.ts';
import { invalidApiKeyMessage, scriptedSerpApiFailure, sendSerpApiError, type SerpApiRejection } from './serpapi-responses.ts';

export interface SerpApiRequest extends ScriptableRequest {
  /** `google` searches; `google_ai_overview` fetches a deferred overview by its page token. */
  engine: 'google' | 'google_ai_overview';
  search: GoogleSearch;
}

/** Keys starting with this are refused like a revoked key, so tests can check the wrong-key path. */
const rejectedKeyPrefix = 'invalid';

const badRequest = (message: string) => ({ ok: false, rejection: { status: 400, details: message } }) as const;

/**
 * How SerpApi receives a search: a GET whose query string carries everything, the key included, and errors as
 * `{"error": "…"}`. A follow-up for a deferred overview carries its search in the page token instead of `q`.
 */
export function serpApiDialect(parameters: URLSearchParams): RequestDialect<SerpApiRequest, SerpApiRejection> {
  const engine = parameters.get('engine') ?? 'google';
  const pageToken = parameters.get('page_token') ?? '';
  const search: GoogleSearch | undefined =
    engine === 'google_ai_overview'
      ? decodePageToken(pageToken)
      : { q: parameters.get('q') ?? '', gl: parameters.get('gl') ?? 'us', hl: parameters.get('hl') ?? 'en' };

  return {
    readsBody: false,
    apiKeyOf: () => parameters.get('api_key') ?? '',
    summarise: () => ({ model: '', stream: false, lastUserMessage: search?.q ?? '' }),
    refuseKey: (apiKey) =>
      apiKey === '' || apiKey.toLowerCase().startsWith(rejectedKeyPrefix) ? { status: 401, details: invalidApiKeyMessage } : undefined,
    check() {
      if (engine !== 'google' && engine !== 'google_ai_overview') return badRequest(`Unsupported \`${engine}\` search engine.`);
      if (engine === 'google_ai_overview' && pageToken === '') return badRequest('Missing query `page_token` parameter.');
      if (!search) return badRequest('Invalid `page_token` parameter.');
      if (search.q.trim() === '') return badRequest('Missing query `q` parameter.');
      return { ok: true, request: { model: '', lastUserMessage: search.q, engine, search } };
    },
    refuseDirective: (message) => ({ status: 400, details: message }),
    // Faults script the search itself; the follow-up that fetches a deferred overview is only paced. Keyed on the
    // query as sent, directives included, so two tests scripting different faults never share a count.
    failureKey(request) {
      if (request.engine !== 'google') return undefined;
      const { gl, hl, q } = request.search;
      return `serpapi\u0000${gl}\u0000${hl}\u0000${q}`;
    },
    scriptedFailure: (status) => scriptedSerpApiFailure(status),
    send: sendSerpApiError,
  };
}
