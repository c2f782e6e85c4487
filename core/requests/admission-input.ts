import type { CompareRequestBody, SearchRequestBody } from '../../contract/ask.ts';
import { AppError } from '../errors/index.ts';
import { requestOptions, type AdmissionInput } from './request-admission.ts';

/**
 * What a question asked through the API's bodies asks of admission. The routes and the MCP tools both start here,
 * so a question means the same whichever door it came through.
 */
export function searchAdmissionInput(body: SearchRequestBody, streamed: boolean): AdmissionInput {
  return {
    query: body.query,
    selections: [{ engine: body.model, model: body.specificModel, settings: body.settings }],
    kind: 'single',
    streamed,
    ...requestOptions(body),
  };
}

/** A comparison names each model once: the same model twice would be charged twice for one answer. */
export function compareAdmissionInput(body: CompareRequestBody, streamed: boolean): AdmissionInput {
  const seen = new Set<string>();
  for (const selection of body.models) {
    const key = `${selection.engine.trim().toLowerCase()}/${selection.model.trim()}`;
    if (seen.has(key)) throw new AppError('VALIDATION_ERROR', `${selection.engine} - ${selection.model} is selected twice`);
    seen.add(key);
  }
  return {
    query: body.query,
    selections: body.models,
    kind: 'comparison',
    streamed,
    ...requestOptions(body),
  };
}
