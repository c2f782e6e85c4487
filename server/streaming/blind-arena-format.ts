import { BLIND_ENGINE } from '../../contract/arena.ts';
import type { CompareStreamFrame } from '../../contract/compare-stream.ts';
import { blindResult, MaskedTextStream, type NameMask } from '../../core/arena/index.ts';
import { comparisonFormat, completedResult, failedResult, type StreamFormat } from './stream-formats.ts';

/**
 * An arena round's frames before the vote: the comparison's frames (so the browser's one runner follows it), with
 * every run named `arena` / `Model A`, `Model B`… and its text masked as it streams (`blind-text.ts`). Sources are
 * left out (a search engine's pages can give a model away); results carry no cost or timings. Made per relay: the
 * masked streams hold a little text back between pieces.
 */
export function blindArenaFormat(labels: ReadonlyMap<string, string>, mask: NameMask): StreamFormat<CompareStreamFrame> {
  const streams = new Map<string, MaskedTextStream>();
  const streamOf = (runId: string): MaskedTextStream => {
    let stream = streams.get(runId);
    if (!stream) streams.set(runId, (stream = new MaskedTextStream(mask)));
    return stream;
  };
  return {
    frames(event, run) {
      const label = labels.get(event.runId) ?? '';
      const base = { requestId: event.requestId, runId: event.runId, engine: BLIND_ENGINE, model: label };
      switch (event.type) {
        case 'run_start':
          return [{ event: 'model_start', data: base }];
        case 'text_delta': {
          const content = streamOf(event.runId).push(event.text);
          return content ? [{ event: 'model_chunk', data: { ...base, content } }] : [];
        }
        case 'sources':
          return [];
        case 'run_end':
          return [{ event: 'model_complete', data: { ...base, result: blindResult(completedResult(event, run), label, mask) } }];
        case 'run_error':
          return [{ event: 'model_complete', data: { ...base, result: blindResult(failedResult(event, run), label, mask) } }];
      }
    },
    finished: (results, requestId) => [
      {
        event: 'all_complete',
        data: {
          requestId,
          // The total would tell a two-model round's models apart when one failed: costs come with the reveal.
          totalCreditsUsed: 0,
          results: results
            .map((result) => blindResult(result, labels.get(result.runId) ?? '', mask))
            .sort((a, b) => a.model.localeCompare(b.model)),
        },
      },
    ],
    interrupted: comparisonFormat.interrupted,
  };
}
