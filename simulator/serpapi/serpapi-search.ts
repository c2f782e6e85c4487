import type { IncomingMessage } from 'node:http';
import type { SimulationScript } from '../scripted-directives.ts';
import type { SimulatedExchange, SimulatorSettings } from '../simulated-exchange.ts';
import { acceptSimulatedRequest } from '../simulated-request-pipeline.ts';
import { serpApiDialect } from './serpapi-dialect.ts';
import { encodePageToken } from './serpapi-page-token.ts';
import {
  aiOverviewBody,
  createSearchIdentity,
  deferredAiOverview,
  googleSearchParameters,
  organicResults,
  searchInformation,
  searchMetadata,
} from './serpapi-payloads.ts';
import { sendPacedJson, sendSerpApiJson, type BodyPacing } from './serpapi-responses.ts';
import { buildSimulatedAiOverview, simulatedReferences } from './simulated-ai-overview.ts';

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
    chunkMs: script.chunkMs ?? settings.defaultChunkDelayMs,
    cutAfter: script.cutAfter,
    // Only streamed answers report their chunks; this is one JSON document.
    onContentChunkWritten: undefined,
  };
}

function plannedMs(pacing: BodyPacing): number {
  return pacing.firstTokenMs + pacing.chunkMs * Math.max(0, pacing.slices - 1);
}

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
export async function handleSerpApiSearch(exchange: SimulatedExchange): Promise<void> {
  const accepted = await acceptSimulatedRequest(exchange, serpApiDialect(exchange.url.searchParams));
  if (!accepted) return;
  const { request, response, settings, signal } = exchange;
  const { script, prompt } = accepted;
  const { engine, search } = accepted.request;
  const origin = originOf(request);
  const identity = createSearchIdentity();
  const pacing = pacingFor(script, settings);

  if (engine === 'google_ai_overview') {
    const overview = buildSimulatedAiOverview(prompt, pacing.slices, script.sample, settings.variedAnswers);
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
    const overview = buildSimulatedAiOverview(prompt, pacing.slices, script.sample, settings.variedAnswers);
    page['ai_overview'] = aiOverviewBody(overview);
    page['organic_results'] = organicResults(overview.references);
  } else {
    page['organic_results'] = organicResults(simulatedReferences(prompt));
  }
  await sendPacedJson(response, page, pacing, signal);
}
