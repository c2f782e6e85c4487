import type { Response, ResponseStreamEvent } from 'openai/resources/responses/responses';
import type { AnswerPart, AnswerSource } from '../answer-provider.ts';
import { CitedSources } from '../cited-sources.ts';
import { classifyStreamedFailure } from './openai-errors.ts';
import { responseFinishReason } from './openai-finish-reasons.ts';
import { searchTrailFromResponse, sourcesFromAnnotation, sourcesFromResponseOutput } from './openai-sources.ts';
import { responseUsage } from './openai-usage.ts';

/**
 * Turns Responses API stream events into answer parts. Pure (no network), so each event type is unit tested:
 * text deltas become text, `url_citation` annotations become sources (each page once), and the terminal event
 * (`response.completed` or `response.incomplete`) becomes usage and finish. `response.failed` and `error` throw a
 * ProviderError. `ended` tells the caller whether the terminal event arrived; without it the stream was cut off.
 */
export class ResponseEventReader {
  private readonly cited = new CitedSources();
  private sawEnd = false;
  private versionReported = false;

  constructor(private readonly vendor = 'openai') {}

  get ended(): boolean {
    return this.sawEnd;
  }

  read(event: ResponseStreamEvent): AnswerPart[] {
    switch (event.type) {
      case 'response.created':
        return this.version(event.response);
      case 'response.output_text.delta':
        return event.delta ? [{ type: 'text', text: event.delta }] : [];
      case 'response.output_text.annotation.added':
        return this.sources(sourcesFromAnnotation(event.annotation));
      case 'response.completed':
      case 'response.incomplete':
        return this.end(event.response);
      case 'response.failed':
        throw classifyStreamedFailure(event.response.error?.code, event.response.error ?? event.response, this.vendor);
      case 'error':
        throw classifyStreamedFailure(event.code, event, this.vendor);
      default:
        return [];
    }
  }

  private end(response: Response): AnswerPart[] {
    this.sawEnd = true;
    // Citations that were never announced as events (they are optional in the stream) still count.
    const parts = [...this.version(response), ...this.sources(sourcesFromResponseOutput(response))];
    // The finished response holds every search call and citation, so the search trail is read once, here.
    const trail = searchTrailFromResponse(response);
    if (trail) parts.push(trail);
    if (response.usage) parts.push(responseUsage(response.usage));
    parts.push({ type: 'finish', reason: responseFinishReason(response) });
    return parts;
  }

  /** The snapshot that answers, from the first response object that names it. */
  private version(response: Response): AnswerPart[] {
    if (this.versionReported || !response.model) return [];
    this.versionReported = true;
    return [{ type: 'model-version', version: response.model }];
  }

  private sources(sources: AnswerSource[]): AnswerPart[] {
    const fresh = this.cited.add(sources);
    return fresh.length > 0 ? [{ type: 'sources', sources: fresh }] : [];
  }
}
