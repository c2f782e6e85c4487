import { pino, type Logger, type LoggerOptions } from 'pino';
import type { QuorumConfig } from '../config/config.ts';

/** Options shared by the stand-alone logger and Fastify's, so both processes log alike. */
export function loggerOptions(config: Pick<QuorumConfig, 'logLevel'>, processName: string): LoggerOptions {
  return {
    level: config.logLevel,
    base: { process: processName, pid: process.pid },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.apiKey', '*.password', '*.token'],
      censor: '[redacted]',
    },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: {
      // A guest's anonymous session id rides in the WebSocket URL; it lets its holder watch their requests.
      req: (request: { method?: string; url?: string; headers?: Record<string, unknown>; ip?: string }) => ({
        method: request.method,
        url: request.url?.replace(/([?&]sessionId=)[^&]*/gi, '$1[redacted]'),
        remoteAddress: request.ip,
      }),
    },
  };
}

export function createLogger(config: Pick<QuorumConfig, 'logLevel'>, processName: string): Logger {
  return pino(loggerOptions(config, processName));
}
