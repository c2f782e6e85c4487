import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CompareApiDeltaEvent, CompareApiStartEvent, CompareApiModelResult, Comparison } from '../../contract/compare-api.ts';
import { RUN_FAILURES } from '../../core/runs/index.ts';
import { apiComparison, apiModelName, apiModelResult, type ComparisonFacts } from '../../core/requests/index.ts';
import type { AdmittedRequest } from '../../core/requests/index.ts';
import { relayRequest, type RelayServices } from '../streaming/relay-request.ts';
import { ServerSentEventStream } from '../streaming/server-sent-events.ts';
import { comparisonFormat } from '../streaming/stream-formats.ts';
import { openAiErrorBody } from '../openai-compatible/openai-error-format.ts';

const KEEP_ALIVE_MS = 15_000;

/** The events of a streamed `/v1/compare`, each named in SSE's `event:` field and carrying its model by name. */
export interface CompareApiEvents {
  start: CompareApiStartEvent;
  delta: CompareApiDeltaEvent;
  model_done: CompareApiModelResult;
  done: Comparison;
}

/**
 * Streams an admitted comparison through the same relay loop as the web app's comparison stream (replay then live,
 * the watchdog per run, graceful shutdown), in the API's own events: `start`, then per model `delta`s and one
 * `model_done`, interleaved as the models write, then `done` with the whole comparison. The answers do not depend on
 * this connection: a caller that leaves can read them with `GET /v1/compare/{id}`.
 */
export async function relayComparison(
  services: RelayServices,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { admitted: AdmittedRequest; facts: ComparisonFacts },
): Promise<void> {
  const { admitted, facts } = options;
  reply.hijack();
  const stream = new ServerSentEventStream(reply.raw, request.server.config.streaming.stalledClientMs);
  stream.open({ ...(reply.getHeaders() as Record<string, string>), 'x-request-id': request.id });
  const left = new AbortController();
  reply.raw.on('close', () => left.abort());
  const keepAlive = setInterval(() => stream.comment('keep-alive'), KEEP_ALIVE_MS);
  const send = <Name extends keyof CompareApiEvents>(event: Name, data: CompareApiEvents[Name]) => stream.send(event, data);

  try {
    await send('start', {
      id: facts.id,
      object: 'quorum.comparison',
      created: Math.floor(facts.createdAt.getTime() / 1000),
      question: facts.question,
      models: admitted.runs.map((run) => ({ model: apiModelName(run), run_id: run.runId, credits_held: run.credits })),
    });
    await relayRequest(services, {
      requestId: admitted.requestId,
      runs: admitted.runs,
      format: comparisonFormat,
      signal: left.signal,
      logger: request.log,
      send: async (frame) => {
        switch (frame.event) {
          case 'model_chunk':
            return send('delta', { model: apiModelName(frame.data), text: frame.data.content });
          case 'model_complete':
            return send('model_done', apiModelResult(frame.data.result));
          case 'all_complete':
            return send('done', apiComparison(facts, frame.data.results));
          case 'error':
            return stream.send('error', openAiErrorBody(503, frame.data.message, frame.data.code.toLowerCase()));
          default:
            // model_start says nothing `start` did not; sources come whole with `model_done`.
            return;
        }
      },
    });
  } catch (error) {
    request.log.error({ err: error, requestId: admitted.requestId }, 'comparison relay failed');
    await stream.send('error', openAiErrorBody(503, RUN_FAILURES.SERVICE_UNAVAILABLE.message, 'service_unavailable'));
  } finally {
    clearInterval(keepAlive);
    stream.end();
  }
}
