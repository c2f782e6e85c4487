import * as Type from 'typebox/type';

const ServiceState = Type.Union([Type.Literal('up'), Type.Literal('down')]);

/** `GET /api/health`: success false (HTTP 503) when Postgres or Redis does not answer. */
export const HealthData = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  checks: Type.Object({ postgres: ServiceState, redis: ServiceState }),
  demoMode: Type.Boolean({ description: 'Answers come from the built-in simulator, not real models.' }),
});

export type HealthData = Type.Static<typeof HealthData>;
