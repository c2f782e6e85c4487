import type {
  Response,
  ResponseFunctionWebSearch,
  ResponseOutputText,
  ResponseOutputTextAnnotationAddedEvent,
} from 'openai/resources/responses/responses';
import type { AnswerPart, AnswerSource, SearchedSource } from '../answer-provider.ts';

/** An annotation as streamed (`response.output_text.annotation.added`) or as part of the finished output. */
type Annotation = ResponseOutputTextAnnotationAddedEvent['annotation'] | ResponseOutputText['annotations'][number];

/**
 * The Responses API cites a web page with a `url_citation` annotation on the answer text; other annotation kinds
 * (files, containers) are not web pages and are skipped. OpenAI-compatible vendors' citations are read by
 * `openai-compatible-sources.ts`.
 */
export function sourcesFromAnnotation(annotation: Annotation | undefined): AnswerSource[] {
  return annotation?.type === 'url_citation' ? [{ url: annotation.url, title: annotation.title || null }] : [];
}

/** Every page the finished response's output text cites, in order, repeats included (the caller deduplicates). */
export function sourcesFromResponseOutput(response: Pick<Response, 'output'>): AnswerSource[] {
  const sources: AnswerSource[] = [];
  for (const item of response.output ?? []) {
    if (item.type !== 'message') continue;
    for (const content of item.content) {
      if (content.type !== 'output_text') continue;
      for (const annotation of content.annotations) sources.push(...sourcesFromAnnotation(annotation));
    }
  }
  return sources;
}

/**
 * What the finished response says its web search did: every `web_search_call` item's `search` action gives the
 * query it ran (`query`, and on newer responses `queries`) and, when the request asked for
 * `web_search_call.action.sources`, the pages it returned (retrieved); an `open_page` action names a page the model
 * opened (retrieved too). The message's `url_citation` annotations are the pages the text cites. Null when the
 * response ran no search and cites nothing.
 */
export function searchTrailFromResponse(response: Pick<Response, 'output'>): Extract<AnswerPart, { type: 'search-trail' }> | null {
  const queries: string[] = [];
  const sources: SearchedSource[] = [];
  for (const item of response.output ?? []) {
    if (item.type !== 'web_search_call') continue;
    const action = item.action as ResponseFunctionWebSearch['action'] | undefined;
    if (action?.type === 'search') {
      for (const query of [action.query, ...(action.queries ?? [])]) if (typeof query === 'string' && query.trim() !== '') queries.push(query.trim());
      for (const source of action.sources ?? []) if (source.url) sources.push({ url: source.url, title: null, retrieved: true, cited: false });
    } else if (action?.type === 'open_page' && action.url) {
      sources.push({ url: action.url, title: null, retrieved: true, cited: false });
    }
  }
  for (const cited of sourcesFromResponseOutput(response)) sources.push({ ...cited, retrieved: true, cited: true });
  if (queries.length === 0 && sources.length === 0) return null;
  return { type: 'search-trail', queries, sources: sources.map((source) => ({ ...source, url: withoutOpenAiTag(source.url) })) };
}

/**
 * OpenAI tags the pages its answers cite with `utm_source=openai`, and not the same pages in a search call's
 * sources: without the tag one page is one address, so a retrieved page that is cited is recognised as such.
 */
function withoutOpenAiTag(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.searchParams.get('utm_source') !== 'openai') return url;
    parsed.searchParams.delete('utm_source');
    return parsed.toString();
  } catch {
    return url;
  }
}
