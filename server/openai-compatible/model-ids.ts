import { contextTokensOf, engineAvailability, type CatalogueEngine, type CatalogueModel, type ModelCatalogue } from '../../core/catalogue/index.ts';
import type { OpenAiModelList } from '../../contract/openai-compatible.ts';
import type { RequestServices } from '../requests/request-services.ts';
import { OpenAiError } from './openai-error-format.ts';

/** A fixed `created` for every model: the catalogue has no dates, and OpenAI's clients only display it. */
const CATALOGUE_EPOCH_SECONDS = 1_763_942_400;

/** A model's id on `/v1`: its engine and its catalogue id, `anthropic/claude-3-haiku-20240307`. */
export function openAiModelId(engine: CatalogueEngine, model: CatalogueModel): string {
  return `${engine.id}/${model.id}`;
}

/** Every model this server can answer with, as `GET /v1/models` lists them. */
export function openAiModelList(services: Pick<RequestServices, 'catalogue' | 'engineSettings'>): OpenAiModelList {
  const data = services.catalogue.engines
    .filter((engine) => engineAvailability(services.engineSettings, engine).available)
    .flatMap((engine) =>
      engine.models.map((model) => ({
        id: openAiModelId(engine, model),
        object: 'model' as const,
        created: CATALOGUE_EPOCH_SECONDS,
        owned_by: engine.id,
        name: model.name,
        credits: model.credits,
        context_window: contextTokensOf(model),
      })),
    );
  return { object: 'list', data };
}

/** Drops a dated snapshot's suffix: `claude-3-haiku-20240307` is also known as `claude-3-haiku`. */
function undated(modelId: string): string {
  return modelId.replace(/-\d{8}$/, '');
}

/**
 * The engine and model a `/v1` model name means: `engine/model` (the engine by id or alias), where the model is a
 * catalogue id or, when exactly one dated snapshot matches, its undated name. Unknown or unavailable: 404, as OpenAI.
 */
export function resolveOpenAiModel(
  services: Pick<RequestServices, 'catalogue' | 'engineSettings'>,
  name: string,
): { engine: CatalogueEngine; model: CatalogueModel; id: string } {
  const slash = name.indexOf('/');
  const notFound = (message: string) => new OpenAiError(404, message, 'model_not_found', 'model');
  if (slash <= 0) throw notFound(`The model \`${name}\` does not exist. Name it as engine/model, for example openai/gpt-4o-mini (GET /v1/models lists them).`);
  const catalogue: ModelCatalogue = services.catalogue;
  const engine = catalogue.findEngine(name.slice(0, slash));
  const wanted = name.slice(slash + 1).trim();
  const exact = engine ? catalogue.findModel(engine, wanted) : undefined;
  const snapshots = engine && !exact ? engine.models.filter((model) => undated(model.id) === wanted) : [];
  const model = exact ?? (snapshots.length === 1 ? snapshots[0] : undefined);
  if (!engine || !model) throw notFound(`The model \`${name}\` does not exist. GET /v1/models lists the models you can use.`);
  const availability = engineAvailability(services.engineSettings, engine);
  if (!availability.available) throw notFound(`The model \`${name}\` is not available right now: ${availability.reason ?? 'its engine is not configured'}.`);
  return { engine, model, id: openAiModelId(engine, model) };
}
