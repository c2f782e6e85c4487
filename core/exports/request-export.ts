import type { RequestExport } from '../../contract/exports.ts';
import { attachedFile, attachedFileLabel, type AttachedFile } from '../../contract/attachments.ts';
import type { ModelResult } from '../../contract/model-result.ts';
import type { ModelCatalogue } from '../catalogue/index.ts';
import type { SearchRequest } from '../database/index.ts';

/** A request and its results as the JSON export, each model with the name people know it by. */
export function requestExport(
  request: Pick<SearchRequest, 'query' | 'kind' | 'createdAt'>,
  results: readonly ModelResult[],
  catalogue: ModelCatalogue,
  attachments: readonly AttachedFile[] = [],
): RequestExport {
  return {
    ...(attachments.length > 0 ? { attachments: attachments.map(attachedFile) } : {}),
    query: request.query,
    kind: request.kind,
    askedAt: request.createdAt.toISOString(),
    totalCreditsUsed: results.reduce((sum, result) => sum + result.creditsUsed, 0),
    answers: results.map((result) => {
      const engine = catalogue.findEngine(result.engine);
      const model = engine ? catalogue.findModel(engine, result.model) : undefined;
      return { engineName: engine?.name ?? result.engine, modelName: model?.name ?? result.model, ...result };
    }),
  };
}

const seconds = (ms: number | null): string => (ms === null ? 'unknown' : `${(ms / 1000).toFixed(1)} s`);

/** Markdown's own characters in a line of plain text (the question, a title) read literally. */
const literal = (text: string): string => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');

/**
 * The Markdown export: the question as the title, then one section per model with its facts, its answer as the
 * model wrote it (already Markdown) and its sources.
 */
export function requestMarkdown(exported: RequestExport): string {
  const lines = [`# ${literal(exported.query.replace(/\s+/g, ' ').trim())}`, '', `Asked ${exported.askedAt.slice(0, 16).replace('T', ' ')} UTC · ${exported.kind} · ${exported.totalCreditsUsed} credits`, ''];
  if (exported.attachments?.length) lines.push(`Attached: ${exported.attachments.map((file) => literal(attachedFileLabel(file))).join(', ')}`, '');
  for (const answer of exported.answers) {
    lines.push(`## ${literal(answer.modelName)} (${literal(answer.engineName)})`, '');
    if (!answer.success) {
      lines.push(`*No answer: ${literal(answer.error ?? 'the model failed')}*`, '');
      continue;
    }
    lines.push(`*${answer.creditsUsed} credits · first word after ${seconds(answer.timeToFirstTokenMs)} · done in ${seconds(answer.durationMs)}*`, '');
    lines.push((answer.response ?? '').trim(), '');
    if (answer.sources.length > 0) {
      lines.push('**Sources**', '');
      for (const source of answer.sources) lines.push(`- [${literal(source.title || source.url)}](<${source.url.replace(/[<>\s]/g, encodeURIComponent)}>)`);
      lines.push('');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
