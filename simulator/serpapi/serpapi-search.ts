import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseScriptedDirectives, type SimulationScript } from '../scripted-directives.ts';
import { shouldFail, type SimulatorSettings, type SimulatorState } from '../simulated-exchange.ts';
import { decodePageToken, encodePageToken } from './serpapi-page-token.ts';
import {
  aiOverviewBody,
  createSearchIdentity,
  deferredAiOverview,
  googleSearchParameters,
  organicResults,
  searchInformation,
  searchMetadata,
  type GoogleSearch,
} from './serpapi-payloads.ts';
import {
  invalidApiKeyMessage,
  scriptedSerpApiFailure,
  sendPacedJson,
  sendSerpApiError,
  sendSerpApiJson,
  type BodyPacing,
} from './serpapi-responses.ts';
import { buildSimulatedAiOverview, simulatedReferences } from './simulated-ai-overview.ts';

/**
 * Answers `GET /serpapi/search.json` like SerpApi: `engine=google` (the default) returns a results page whose
 * `ai_overview` holds the overview, or only a `page_token` for it, or nothing; `engine=google_ai_overview` with
 * that token returns the overview. Which one a query gets is decided by words in the query (directives removed):
 *
 * - `no overview`: the page has organic results but no `ai_overview`;
 * - `no results`: 200 with `"error": "Google hasn't returned any results for this query."`, as SerpApi does;
 * - `deferred overview`: `ai_overview` has only `page_token` and `serpapi_link`, the follow-up request gets the text.
 *
 * `status`/`fail-times` apply to the `engine=google` request; `first-token-ms`, `chunk-ms` and `cut-after` pace
 * the response that carries the answer (the follow-up, for a deferred overview).
 */

/** Keys starting with this are refused like a revoked key, so tests can check the wrong-key path. */
const rejectedKeyPrefix = 'invalid';

export const noResultsMessage = "Google hasn't returned any results for this query.";

type Scenario = 'overview' | 'no-overview' | 'no-results' | 'deferred';

function scenarioOf(prompt: string): Scenario {
  if (/\bno results\b/i.test(prompt)) return 'no-results';
  if (/\bno overview\b/i.test(prompt)) return 'no-overview';
  if (/\bdeferred overview\b/i.test(prompt)) return 'deferred';
  return 'overview';
}

function originOf(request: IncomingMessage): string {
  return `http://${request.headers.host ?? '127.0.0.1'}/serpapi`;
}

function pacingFor(script: SimulationScript, settings: SimulatorSettings): BodyPacing {
  return {
    firstTokenMs: script.firstTokenMs ?? 0,
    slices: script.chunks ?? settings.defaultChunkCount,
    sliceMs: script.chunkMs ?? settings.defaultChunkDelayMs,
    cutAfter: script.cutAfter,
  };
}

function plannedMs(pacing: BodyPacing): number {
  return pacing.firstTokenMs + pacing.sliceMs * Math.max(0, pacing.slices - 1);
}

export async function handleSerpApiSearch(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  settings: SimulatorSettings,
  state: SimulatorState,
  signal: AbortSignal,
): Promise<void> {
  const receivedAt = Date.now();
  request.resume();
  const parameters = new URL(request.url ?? '/', 'http://simulator.invalid').searchParams;
  const engine = parameters.get('engine') ?? 'google';
  const apiKey = parameters.get('api_key') ?? '';
  const pageToken = parameters.get('page_token') ?? '';
  const tokenSearch = engine === 'google_ai_overview' ? decodePageToken(pageToken) : undefined;
  const search: GoogleSearch | undefined =
    engine === 'google_ai_overview'
      ? tokenSearch
      : { q: parameters.get('q') ?? '', gl: parameters.get('gl') ?? 'us', hl: parameters.get('hl') ?? 'en' };

  state.requests.push({
    path,
    model: '',
    stream: false,
    hasAuthorization: apiKey !== '',
    lastUserMessage: search?.q ?? '',
    receivedAt,
  });

  if (apiKey === '' || apiKey.toLowerCase().startsWith(rejectedKeyPrefix)) {
    sendSerpApiError(response, 401, invalidApiKeyMessage);
    return;
  }
  if (engine !== 'google' && engine !== 'google_ai_overview') {
    sendSerpApiError(response, 400, `Unsupported \`${engine}\` search engine.`);
    return;
  }
  if (engine === 'google_ai_overview' && pageToken === '') {
    sendSerpApiError(response, 400, 'Missing query `page_token` parameter.');
    return;
  }
  if (!search) {
    sendSerpApiError(response, 400, 'Invalid `page_token` parameter.');
    return;
  }
  if (search.q.trim() === '') {
    sendSerpApiError(response, 400, 'Missing query `q` parameter.');
    return;
  }

  const directives = parseScriptedDirectives(search.q);
  if (!directives.ok) {
    sendSerpApiError(response, 400, directives.message);
    return;
  }
  const { script, prompt } = directives;
  const origin = originOf(request);
  const identity = createSearchIdentity();
  const pacing = pacingFor(script, settings);

  if (engine === 'google_ai_overview') {
    const overview = buildSimulatedAiOverview(prompt, pacing.slices);
    await sendPacedJson(
      response,
      {
        search_metadata: searchMetadata(identity, origin, plannedMs(pacing)),
        search_parameters: { engine: 'google_ai_overview' },
        ai_overview: aiOverviewBody(overview),
      },
      pacing,
      signal,
    );
    return;
  }

  // Keyed on the query as sent, directives included, so two tests scripting different faults never share a count.
  const failureKey = `serpapi\u0000${search.gl}\u0000${search.hl}\u0000${search.q}`;
  if (script.status !== undefined && shouldFail(script, failureKey, state)) {
    const failure = scriptedSerpApiFailure(script.status);
    sendSerpApiError(response, script.status, failure.message, failure.headers);
    return;
  }

  const scenario = scenarioOf(prompt);
  const page: Record<string, unknown> = {
    search_metadata: searchMetadata(identity, origin, scenario === 'deferred' ? 0 : plannedMs(pacing), search),
    search_parameters: googleSearchParameters(search),
    search_information: searchInformation(search, scenario === 'no-results'),
  };
  if (scenario === 'no-results') {
    page['error'] = noResultsMessage;
  } else if (scenario === 'deferred') {
    page['ai_overview'] = deferredAiOverview(origin, encodePageToken(search));
    page['organic_results'] = organicResults(simulatedReferences(prompt));
    // The page itself is ready at once; the wait and any cut belong to the follow-up that carries the overview.
    sendSerpApiJson(response, 200, page);
    return;
  } else if (scenario === 'overview') {
    const overview = buildSimulatedAiOverview(prompt, pacing.slices);
    page['ai_overview'] = aiOverviewBody(overview);
    page['organic_results'] = organicResults(overview.references);
  } else {
    page['organic_results'] = organicResults(simulatedReferences(prompt));
  }
  await sendPacedJson(response, page, pacing, signal);
}
