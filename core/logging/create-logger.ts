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
  };
}

export function createLogger(config: Pick<QuorumConfig, 'logLevel'>, processName: string): Logger {
  return pino(loggerOptions(config, processName));
}
