import type { MikroORM } from '@mikro-orm/postgresql';
import type { Queue } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ModelCatalogue } from '../../core/catalogue/model-catalogue.ts';
import type { QuorumConfig } from '../../core/config/config.ts';
import type { RequestEventWriter } from '../../core/events/request-event-writer.ts';
import type { AnswerJobData } from '../../core/jobs/answer-jobs.ts';
import type { RunLivenessCheckDependencies } from '../../core/runs/run-liveness-check.ts';
import type { AccountEventHub } from '../streaming/account-events.ts';
import type { OpenStreams } from '../streaming/open-streams.ts';
import type { RequestEventHub } from '../streaming/request-event-hub.ts';

/**
 * Everything admitting, watching, relaying and stopping requests works with, built once per server process. Each
 * service names the part it uses (a `Pick` of this), so what it depends on is visible in its signature and a test
 * or benchmark can hand it exactly that.
 */
export interface RequestServices {
  orm: MikroORM;
  /** Commands on request paths: fails fast while Redis is down. */
  redis: Redis;
  keyPrefix: string;
  eventWriter: RequestEventWriter;
  requestEvents: RequestEventHub;
  accountEvents: AccountEventHub;
  answerQueue: Queue<AnswerJobData>;
  openStreams: OpenStreams;
  /** What the shared liveness rule needs to judge and end a run. */
  liveness: RunLivenessCheckDependencies;
  catalogue: ModelCatalogue;
  /** Which engines this server can offer. */
  engineSettings: Pick<QuorumConfig, 'demoMode' | 'providers' | 'localModels'>;
  /** The queue wait limit and the longest answer: together they bound how long a credit hold may live. */
  queueWaitTimeoutMs: number;
  providerTimeoutMs: number;
  logger: FastifyBaseLogger;
}
