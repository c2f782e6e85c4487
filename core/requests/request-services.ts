import type { MikroORM } from '@mikro-orm/postgresql';
import type { RedisClient } from '../redis/index.ts';
import type { LogSink } from '../logging/index.ts';
import type { ModelCatalogue } from '../catalogue/index.ts';
import type { QuorumConfig } from '../config/index.ts';
import type { RequestEventWriter } from '../events/index.ts';
import type { AnswerQueue } from '../jobs/index.ts';
import type { RunLivenessCheckDependencies } from '../runs/index.ts';

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
