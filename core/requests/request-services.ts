import type { MikroORM } from '@mikro-orm/postgresql';
import type { RedisClient } from '../redis/redis-client.ts';
import type { LogSink } from '../logging/create-logger.ts';
import type { ModelCatalogue } from '../catalogue/model-catalogue.ts';
import type { QuorumConfig } from '../config/config.ts';
import type { RequestEventWriter } from '../events/request-event-writer.ts';
import type { AnswerQueue } from '../jobs/answer-queue.ts';
import type { RunLivenessCheckDependencies } from '../runs/run-liveness-check.ts';

/**
 * What admitting, stopping and judging requests work with, in whichever process does it (the server for a person's
 * question, the tracking worker for a scheduled prompt). Each rule takes a `Pick` of this, so its signature names
 * exactly the parts it uses and a test or benchmark can hand it just those.
 */
export interface RequestCoreServices {
  orm: MikroORM;
  /** Commands on request paths: fails fast while Redis is down. */
  redis: RedisClient;
  keyPrefix: string;
  eventWriter: RequestEventWriter;
  /** The answer queue over its partitions: jobs are added, found and taken back by run id. */
  answerQueue: AnswerQueue;
  /** What the shared liveness rule needs to judge and end a run. */
  liveness: RunLivenessCheckDependencies;
  catalogue: ModelCatalogue;
  /** Which engines this process can offer. */
  engineSettings: Pick<QuorumConfig, 'demoMode' | 'providers' | 'localModels'>;
  /** The queue wait limit and the longest answer: together they bound how long a credit hold may live. */
  queueWaitTimeoutMs: number;
  providerTimeoutMs: number;
  logger: LogSink;
}
