import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompareApiBody } from '../../contract/compare-api.ts';
import type { CompareRequestBody } from '../../contract/ask.ts';
import { compareAdmissionInput } from '../../core/requests/index.ts';
import type { AdmissionInput } from '../../core/requests/index.ts';
import { resolveCompareTeam } from '../../core/teams/index.ts';
import { OpenAiError } from '../openai-compatible/openai-error-format.ts';
import { resolveOpenAiModel } from '../openai-compatible/model-ids.ts';
import type { RequestServices } from '../requests/request-services.ts';

type CatalogueServices = Pick<RequestServices, 'catalogue' | 'engineSettings'>;

/** The models named in the body as the web app names them; an unknown one is refused naming its place in the list. */
function namedModels(services: CatalogueServices, models: NonNullable<CompareApiBody['models']>): CompareRequestBody['models'] {
  return models.map((asked, index) => {
    try {
      const { engine, model } = resolveOpenAiModel(services, asked.model);
      return { engine: engine.id, model: model.id, ...(asked.settings === undefined ? {} : { settings: asked.settings }) };
    } catch (error) {
      if (error instanceof OpenAiError) throw new OpenAiError(error.status, error.message, error.code, `models[${index}].model`);
      throw error;
    }
  });
}

/**
 * A `/v1/compare` body as the web app's comparison body, so it is admitted exactly like a comparison asked in the
 * app (`compareAdmissionInput`: each model once, the tier rules, the prices, one hold per model). The models are
 * named `engine/model` as on the rest of `/v1`, or come from one of the owner's saved teams (`team_id`, resolved by
 * the same rule as every other asking door), each with its saved settings. Refusals come before anything is held.
 * Files uploaded beforehand (`attachments`, ids from `POST /api/attachments`) go with the question as they do in the
 * app: admission checks whose they are and that every model reads them, prices and holds them with the rest.
 */
export async function compareApiRequest(em: EntityManager, services: CatalogueServices, userId: string, body: CompareApiBody): Promise<CompareRequestBody> {
  if (body.models !== undefined && body.team_id !== undefined) throw new OpenAiError(400, 'Send either models or team_id, not both.', 'invalid_request', 'team_id');
  const asked = { query: body.question, ...(body.attachments === undefined ? {} : { attachmentIds: body.attachments }) };
  if (body.team_id !== undefined) return resolveCompareTeam(em, userId, { ...asked, teamId: body.team_id });
  if (body.models === undefined) throw new OpenAiError(400, 'Name the models to compare (models) or one of your saved teams (team_id).', 'invalid_request', 'models');
  return { ...asked, models: namedModels(services, body.models) };
}

export async function compareApiAdmission(em: EntityManager, services: CatalogueServices, userId: string, body: CompareApiBody): Promise<AdmissionInput> {
  return compareAdmissionInput(await compareApiRequest(em, services, userId, body), body.stream === true);
}
