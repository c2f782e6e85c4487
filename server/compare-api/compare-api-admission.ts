import type { CompareApiBody } from '../../contract/compare-api.ts';
import type { CompareRequestBody } from '../../contract/ask.ts';
import { compareAdmissionInput } from '../../core/requests/admission-input.ts';
import type { AdmissionInput } from '../../core/requests/request-admission.ts';
import { OpenAiError } from '../openai-compatible/openai-error-format.ts';
import { resolveOpenAiModel } from '../openai-compatible/model-ids.ts';
import type { RequestServices } from '../requests/request-services.ts';

/**
 * A `/v1/compare` body as the web app's comparison body, so it is admitted exactly like a comparison asked in the
 * app (`compareAdmissionInput`: each model once, the tier rules, the prices, one hold per model). Each model is
 * named `engine/model` as on the rest of `/v1`; an unknown one is refused naming its place in the list, before
 * anything is held.
 *
 * Where a saved team (`team_id`) or attachment ids (`attachments`) join the body, they resolve here, into the
 * models with their settings and into the admission input's attachments, before admission sees anything.
 */
export function compareApiRequest(services: Pick<RequestServices, 'catalogue' | 'engineSettings'>, body: CompareApiBody): CompareRequestBody {
  const models = body.models.map((asked, index) => {
    try {
      const { engine, model } = resolveOpenAiModel(services, asked.model);
      return { engine: engine.id, model: model.id, ...(asked.settings === undefined ? {} : { settings: asked.settings }) };
    } catch (error) {
      if (error instanceof OpenAiError) throw new OpenAiError(error.status, error.message, error.code, `models[${index}].model`);
      throw error;
    }
  });
  return { query: body.question, models };
}

export function compareApiAdmission(services: Pick<RequestServices, 'catalogue' | 'engineSettings'>, body: CompareApiBody): AdmissionInput {
  return compareAdmissionInput(compareApiRequest(services, body), body.stream === true);
}
