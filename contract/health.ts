import * as Type from 'typebox/type';

const ServiceState = Type.Union([Type.Literal('up'), Type.Literal('down')]);

/** `GET /api/health`: success false (HTTP 503) when Postgres or Redis does not answer. */
export const HealthData = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  checks: Type.Object({ postgres: ServiceState, redis: ServiceState }),
  demoMode: Type.Boolean({ description: 'Answers come from the built-in simulator, not real models.' }),
});

export type HealthData = Type.Static<typeof HealthData>;

/** `GET /api/health/live`: the process is up and serving; it checks nothing else. */
export const LivenessData = Type.Object({
  status: Type.Literal('live'),
});

/** `GET /api/health/ready`: success false (HTTP 503) when Postgres or Redis does not answer; take it out of rotation. */
export const ReadinessData = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not-ready')]),
  checks: Type.Object({ postgres: ServiceState, redis: ServiceState }),
});

export type LivenessData = Type.Static<typeof LivenessData>;
export type ReadinessData = Type.Static<typeof ReadinessData>;
