import type { FastifyBaseLogger } from 'fastify';
import type { RequestCoreServices } from '../../core/requests/index.ts';
import type { AccountEventHub } from '../streaming/account-events.ts';
import type { OpenStreams } from '../streaming/open-streams.ts';
import type { RequestEventHub } from '../streaming/request-event-hub.ts';
import type { SessionEndWatch } from '../streaming/session-end-watch.ts';

/**
 * The core's request services plus the server's streaming bridges: built once per server process, handed to the
 * routes that admit, watch, relay and stop requests.
 */
export interface RequestServices extends RequestCoreServices {
  requestEvents: RequestEventHub;
  accountEvents: AccountEventHub;
  /** Tells a live socket when its session ends, on whichever server it ended. */
  sessionEnds: SessionEndWatch;
  openStreams: OpenStreams;
  logger: FastifyBaseLogger;
}
