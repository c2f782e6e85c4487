import { DEFAULT_AI_OVERVIEW_COUNTRY, DEFAULT_AI_OVERVIEW_LANGUAGE } from '../../../core/catalogue/index.ts';
import type { AnswerPart, AnswerProvider, AnswerRequest, ProviderConnection } from '../answer-provider.ts';
import { providerError } from '../provider-error-classification.ts';
import { readAiOverviewResponse, wordPieces, type RenderedAiOverview } from './ai-overview-markdown.ts';
import { classifySerpApiError, classifySerpApiStatus, noAiOverviewError } from './serpapi-errors.ts';
import { SERPAPI_FINISH_REASON } from './serpapi-finish-reasons.ts';
import { searchTrailFromOverview } from './serpapi-sources.ts';
import { aiOverviewVersion } from './serpapi-model-version.ts';

/**
 * Google's AI Overview for the question, through SerpApi's Google Search API. There is no SDK: one GET to
 * `search.json` returns the whole results page as JSON, and when Google lazy-loads the overview a second GET with
 * its `page_token` fetches it. The overview is rendered to markdown and handed on word by word, so the page shows
 * it the same way as every streamed answer.
 */
export class AiOverviewProvider implements AnswerProvider {
  readonly engine: string;

  constructor(private readonly connection: ProviderConnection) {
    this.engine = connection.engine;
  }

  async *streamAnswer(request: AnswerRequest): AsyncIterable<AnswerPart> {
    let overview: RenderedAiOverview & { version: string | null };
    try {
      overview = await this.fetchOverview(request);
    } catch (error) {
      throw classifySerpApiError(error, { aborted: request.signal.aborted });
    }
    if (overview.version) yield { type: 'model-version', version: overview.version };
    for (const text of wordPieces(overview.markdown)) {
      // The whole overview is already here; a caller that gave up should still stop getting it.
      if (request.signal.aborted) throw classifySerpApiError(request.signal.reason, { aborted: true });
      yield { type: 'text', text };
    }
    if (overview.sources.length > 0) yield { type: 'sources', sources: overview.sources };
    const trail = searchTrailFromOverview(overview.raw, request.prompt);
    if (trail) yield trail;
    yield { type: 'finish', reason: SERPAPI_FINISH_REASON };
  }

  private async fetchOverview(request: AnswerRequest): Promise<RenderedAiOverview & { version: string | null }> {
    const search = await this.getJson(
      {
        engine: 'google',
        q: request.prompt,
        gl: request.aiOverview?.country ?? DEFAULT_AI_OVERVIEW_COUNTRY,
        hl: request.aiOverview?.language ?? DEFAULT_AI_OVERVIEW_LANGUAGE,
      },
      request.signal,
    );
    let outcome = readAiOverviewResponse(search);
    if (outcome.kind === 'deferred') {
      const followUp = await this.getJson({ engine: 'google_ai_overview', page_token: outcome.pageToken }, request.signal);
      outcome = readAiOverviewResponse(followUp);
      // A second page token would mean Google still has not built it; there is no third request to make.
      if (outcome.kind === 'deferred') outcome = { kind: 'none', reason: 'the overview was still not ready' };
    }
    if (outcome.kind === 'none') throw noAiOverviewError(outcome.reason);
    // The search itself says where Google served the overview; a deferred overview's follow-up does not repeat it.
    return { ...outcome.overview, version: aiOverviewVersion(search) };
  }

  /** One GET; `requestTimeoutMs` bounds the wait for the response headers, `signal` the whole call. */
  private async getJson(parameters: Record<string, string>, signal: AbortSignal): Promise<unknown> {
    const url = new URL(`${this.connection.baseUrl.replace(/\/+$/, '')}/search.json`);
    for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
    url.searchParams.set('api_key', this.connection.apiKey);

    const headersTimeout = new AbortController();
    const timer = setTimeout(
      () => headersTimeout.abort(new DOMException(`SerpApi sent no response within ${this.connection.requestTimeoutMs} ms`, 'TimeoutError')),
      this.connection.requestTimeoutMs,
    );
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.any([signal, headersTimeout.signal]),
      });
    } finally {
      clearTimeout(timer);
    }

    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      if (!response.ok) throw classifySerpApiStatus(response.status, response.headers, undefined);
      throw providerError('PROVIDER_ERROR', error, 'Google AI Overview sent a response that could not be read. Please try again.');
    }
    if (!response.ok) throw classifySerpApiStatus(response.status, response.headers, body);
    return body;
  }
}
