import { randomInt } from 'node:crypto';
import { ARENA_LIMITS } from '../../contract/limits.ts';
import type { ArenaRequestBody } from '../../contract/arena.ts';
import type { ModelPair } from '../../contract/ask.ts';
import { namesToHide } from './blind-text.ts';
import { engineAvailability } from '../catalogue/index.ts';
import { runCredits, tierRefusal } from '../credits/index.ts';
import type { Requester } from '../credits/index.ts';
import { AppError } from '../errors/index.ts';
import { admitRequest, type AdmissionServices, type AdmittedRequest } from '../requests/index.ts';
import { insertArenaRound, roundLabels } from './arena-rounds.ts';

/** Google's AI Overview is a search result, not a model that could answer blind: it never enters the arena. */
const NOT_IN_ARENA = new Set(['serpapi']);

export interface AdmittedRound {
  admitted: AdmittedRequest;
  /** Run id → label (Model A, B…), in the shuffled order stored with the round. */
  labels: Map<string, string>;
  hiddenNames: string[];
}

function shuffled<T>(items: readonly T[]): T[] {
  const result = items.slice();
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [result[index], result[other]] = [result[other]!, result[index]!];
  }
  return result;
}

/** Every model the asker's tier may use in a round, on the engines this server offers. */
export function arenaCandidates(services: Pick<AdmissionServices, 'catalogue' | 'engineSettings'>, requester: Pick<Requester, 'tier'>): ModelPair[] {
  return services.catalogue.engines
    .filter((engine) => !NOT_IN_ARENA.has(engine.provider) && engineAvailability(services.engineSettings, engine).available)
    .flatMap((engine) =>
      engine.models
        .filter(
          (model) =>
            tierRefusal(requester.tier, {
              runs: [{ model, credits: runCredits(services.catalogue, engine.id, model.id, false) }],
              comparison: false,
              searchEnabled: false,
              brandMonitoringEnabled: false,
            }) === undefined,
        )
        .map((model) => ({ engine: engine.id, model: model.id })),
    );
}

function chosenModels(services: Pick<AdmissionServices, 'catalogue' | 'engineSettings'>, body: ArenaRequestBody, requester: Requester): ModelPair[] {
  if (body.models) {
    const seen = new Set<string>();
    for (const selection of body.models) {
      const engine = services.catalogue.findEngine(selection.engine);
      if (engine && NOT_IN_ARENA.has(engine.provider)) throw new AppError('VALIDATION_ERROR', `${engine.name} cannot take part in the arena`);
      const key = `${selection.engine.trim().toLowerCase()}/${selection.model.trim()}`;
      if (seen.has(key)) throw new AppError('VALIDATION_ERROR', `${selection.engine} - ${selection.model} is selected twice`);
      seen.add(key);
    }
    return body.models;
  }
  if (body.surprise === undefined) {
    throw new AppError('VALIDATION_ERROR', `Pick ${ARENA_LIMITS.minModels} to ${ARENA_LIMITS.maxModels} models, or let us surprise you`);
  }
  const candidates = arenaCandidates(services, requester);
  if (candidates.length < body.surprise) {
    throw new AppError('VALIDATION_ERROR', `Only ${candidates.length} models are available to you: ask for fewer`);
  }
  return shuffled(candidates).slice(0, body.surprise);
}

/**
 * Admits a round as a comparison of kind `arena` (same tier rules, prices, holds and jobs), then shuffles its runs
 * into the label order and stores it with the names its answers must hide. Nobody can follow the request before this
 * returns (its id has not left the server), so the round is in place before any frame is relayed.
 */
export async function admitArenaRound(services: AdmissionServices, body: ArenaRequestBody, requester: Requester): Promise<AdmittedRound> {
  // The arena is a comparison: guests are asked to register, as for comparing.
  const refusal = tierRefusal(requester.tier, { runs: [], comparison: true, searchEnabled: false, brandMonitoringEnabled: false });
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  const selections = chosenModels(services, body, requester);
  const admitted = await admitRequest(
    services,
    {
      query: body.query,
      selections,
      kind: 'arena',
      streamed: true,
      searchEnabled: false,
      brandMonitoringEnabled: false,
      aiOverviewParams: null,
      attachmentIds: body.attachmentIds,
    },
    requester,
  );
  const hiddenNames = namesToHide(
    admitted.runs.flatMap((run) => {
      const engine = services.catalogue.findEngine(run.engine);
      const model = engine ? services.catalogue.findModel(engine, run.model) : undefined;
      return [run.engine, run.model, ...(engine ? [engine.name, engine.provider, ...engine.aliases] : []), ...(model ? [model.name] : [])];
    }),
  );
  const runOrder = shuffled(admitted.runs.map((run) => run.runId));
  await insertArenaRound(services.orm.em.fork(), { requestId: admitted.requestId, category: body.category, runOrder, hiddenNames });
  return { admitted, labels: roundLabels({ runOrder }, runOrder), hiddenNames };
}
