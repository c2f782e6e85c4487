import { filterUrl } from '../../contract/safe-url.ts';
import type { AnswerSource } from '../../core/events/index.ts';
import { StorableTextStream, storableText } from '../../core/text/index.ts';
import type { AnswerPart } from '../providers/answer-provider.ts';

/**
 * What a provider hands us, made safe to stream and to store, between the provider and everything else: text with
 * NUL and lone surrogates replaced (Postgres would refuse them and the answer would be lost), and sources whose
 * address passes the same allow-list as links in an answer (no `javascript:` or `data:` citation is ever stored or
 * shown) with storable titles. What the user sees streaming is exactly what is stored.
 */
/** As long as `model_runs.model_version` allows. */
const MODEL_VERSION_MAX_LENGTH = 200;

export async function* storableParts(parts: AsyncIterable<AnswerPart>): AsyncGenerator<AnswerPart> {
  const text = new StorableTextStream();
  for await (const part of parts) {
    if (part.type === 'text') {
      const storable = text.push(part.text);
      if (storable !== '') yield { type: 'text', text: storable };
    } else if (part.type === 'sources') {
      const sources = safeSources(part.sources);
      if (sources.length > 0) yield { type: 'sources', sources };
    } else if (part.type === 'search-trail') {
      // The same allow-list as sources: a page that could not be a link is not recorded either.
      const sources = part.sources.flatMap((source) => {
        const [safe] = safeSources([source]);
        return safe ? [{ ...source, url: safe.url, title: safe.title, label: source.label ? storableText(source.label) : (source.label ?? null) }] : [];
      });
      const queries = part.queries.map((query) => storableText(query).trim()).filter((query) => query !== '');
      if (sources.length > 0 || queries.length > 0) yield { type: 'search-trail', queries, sources };
    } else if (part.type === 'model-version') {
      // A vendor's string, stored in a bounded column: made storable and cut to fit, or dropped when empty.
      const version = storableText(part.version).trim().slice(0, MODEL_VERSION_MAX_LENGTH);
      if (version !== '') yield { type: 'model-version', version };
    } else {
      yield part;
    }
  }
  const rest = text.end();
  if (rest !== '') yield { type: 'text', text: rest };
}

export function safeSources(sources: readonly AnswerSource[]): AnswerSource[] {
  const safe: AnswerSource[] = [];
  for (const source of sources) {
    const url = filterUrl(storableText(source.url.trim()));
    if (url === '') continue;
    safe.push({ url, title: source.title === null ? null : storableText(source.title) });
  }
  return safe;
}
