import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { failure } from '../../../contract/envelope.ts';
import { ERROR_CODES } from '../../../contract/error-codes.ts';

/** What a refused caller is told to wait: a few of the one-second samples, time for the backlog to drain. */
export const LOAD_SHED_RETRY_AFTER_SECONDS = 5;

/**
 * Health checks are how a load balancer or orchestrator decides whether this node lives; shedding them would turn
 * "busy" into "dead" and restart a node that is only slow. Metrics are how an operator sees the overload.
 */
const NEVER_SHED = [/^\/api\/health(\/|\?|$)/, /^\/metrics(\?|$)/];

/**
 * Load shedding: when this process's event loop lags (mean delay over a sample past LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS,
 * or busier than LOAD_SHED_MAX_EVENT_LOOP_UTILIZATION_PERCENT), new requests are refused at once with a 503 in the
 * envelope and a Retry-After, so the requests already in hand finish instead of all of them timing out. It acts only
 * as a request arrives: streams (SSE and the live socket) that are already open are never cut. Registered after
 * helmet, so refusals carry the security headers; the request id is added when any answer is sent.
 */
export default fastifyPlugin(
  async (app) => {
    const limits = app.config.loadShedding;
    if (limits.maxEventLoopDelayMs === 0 && limits.maxEventLoopUtilization === 0) return;
    let refusedSinceLastLog = 0;

    await app.register(underPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      maxEventLoopUtilization: limits.maxEventLoopUtilization,
      // Utilisation of the last sample, not since the process started (the library's default would dilute a spike).
      eventLoopUtilizationMode: 'interval',
      sampleInterval: limits.sampleIntervalMs,
      pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
        const path = request.url;
        if (NEVER_SHED.some((pattern) => pattern.test(path))) return undefined;
        // One line per burst, not per refused request: logging each would add to the load being shed.
        if (refusedSinceLastLog++ === 0) {
          request.log.warn({ pressure: type, value }, 'overloaded: refusing new requests');
          setTimeout(() => {
            if (refusedSinceLastLog > 1) app.log.warn({ refused: refusedSinceLastLog }, 'overloaded: requests refused in the last sample');
            refusedSinceLastLog = 0;
          }, limits.sampleIntervalMs).unref();
        }
        reply
          .status(503)
          .type('application/json; charset=utf-8')
          .header('retry-after', String(LOAD_SHED_RETRY_AFTER_SECONDS))
          .header('cache-control', 'no-store');
        // A returned value is sent as the answer (documented; the library's types only admit void).
        return failure('SERVICE_UNAVAILABLE', ERROR_CODES.SERVICE_UNAVAILABLE.message);
      }) as unknown as FastifyUnderPressureOptions['pressureHandler'],
    });
  },
  { name: 'load-shedding', dependencies: ['configuration'] },
);
