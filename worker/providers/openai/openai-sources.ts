import type { Response, ResponseOutputText, ResponseOutputTextAnnotationAddedEvent } from 'openai/resources/responses/responses';
import type { AnswerSource } from '../answer-provider.ts';

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
