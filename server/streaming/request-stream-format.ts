import type { EntityManager } from '@mikro-orm/postgresql';
import { loadArenaRound, nameMask, namesToHide, roundLabels } from '../../core/arena/index.ts';
import type { ModelRun, SearchRequest } from '../../core/database/index.ts';
import { streamFormatFor } from './relay-request.ts';
import { comparisonFormat, type StreamFormat } from './stream-formats.ts';
import { blindArenaFormat } from './blind-arena-format.ts';

/**
 * The frames a stored request is relayed in, wherever it is followed (`GET /api/requests/:id/events`, the live
 * socket): its kind's format, except that an arena round stays blind until it has been voted on and is a plain
 * comparison after.
 */
export async function requestStreamFormat(em: EntityManager, searchRequest: Pick<SearchRequest, 'id' | 'kind'>, runs: readonly Pick<ModelRun, 'id' | 'engine' | 'model'>[]): Promise<StreamFormat> {
  if (searchRequest.kind !== 'arena') return streamFormatFor(searchRequest.kind);
  const round = await loadArenaRound(em, searchRequest.id);
  if (round?.revealedAt) return comparisonFormat;
  return blindArenaFormat(
    roundLabels(round, runs.map((run) => run.id)),
    nameMask(round?.hiddenNames ?? namesToHide(runs.flatMap((run) => [run.engine, run.model]))),
  );
}
