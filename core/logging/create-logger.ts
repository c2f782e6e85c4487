import { createRequire } from 'node:module';
import { pino, type Logger, type LoggerOptions } from 'pino';
import type { QuorumConfig } from '../config/index.ts';

type LoggingConfig = Pick<QuorumConfig, 'logLevel'> & Partial<Pick<QuorumConfig, 'environment'>>;

/**
 * In development on a terminal, lines a person can read (pino-pretty, a development dependency); everywhere else
 * one JSON object per line, for log collectors.
 */
function readableTransport(config: LoggingConfig): LoggerOptions['transport'] {
  if (config.environment !== 'development' || !process.stdout.isTTY) return undefined;
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return undefined;
  }
  return { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: false } };
}

/** Options shared by the stand-alone logger and Fastify's, so both processes log alike. */
export function loggerOptions(config: LoggingConfig, processName: string): LoggerOptions {
  const transport = readableTransport(config);
  return {
    ...(transport ? { transport } : {}),
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

export function createLogger(config: LoggingConfig, processName: string): Logger {
  return pino(loggerOptions(config, processName));
}

/**
 * The part of a logger that core rules use. Both pino's logger (the worker) and Fastify's (the server) fit it, so a
 * rule runs in either process without knowing which.
 */
export type LogSink = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;
