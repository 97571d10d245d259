import { pino, type Logger, type LevelWithSilent } from 'pino';
import pinoPretty from 'pino-pretty';
import type { LoggerService } from '@nestjs/common';
import { currentContext } from './request-context.js';

/** Keys whose values never reach a log line. */
export const REDACTED_PATHS = [
  'authorization',
  '*.authorization',
  'headers.authorization',
  'req.headers.authorization',
  'apiKey',
  '*.apiKey',
  'password',
  '*.password',
  'clientSecret',
  '*.clientSecret',
  'privateKey',
  '*.privateKey',
  'adminToken',
  '*.adminToken',
  'secret',
  '*.secret',
];

/**
 * Paths whose segment after the prefix is a credential: the token of a hosted page (payments,
 * token requests, VRP consents, payment links), which anyone holding it can use.
 */
const CAPABILITY_PATH = /^(\/hosted-pages\/[^/]+\/)[^/]+/;

/** A request path as it may be logged: capability tokens replaced, the query (callback codes, states) dropped. */
export function loggablePath(path: string): string {
  const withoutQuery = path.split('?')[0] ?? '';
  return withoutQuery.replace(CAPABILITY_PATH, '$1[redacted]');
}

/**
 * How log lines are written: `json`, one object a line (what collectors read); `pretty`, readable
 * lines for a person at a terminal; `auto`, pretty when stdout is a terminal outside production,
 * JSON otherwise.
 */
export type LogOutput = 'auto' | 'json' | 'pretty';

/** Whether `output` writes readable lines here and now. */
export function writesPretty(output: LogOutput, production: boolean, terminal: boolean): boolean {
  if (output === 'auto') return terminal && !production;
  return output === 'pretty';
}

/**
 * A logger on stdout (JSON lines unless `output` says pretty); every line carries the current
 * trace id when there is one, and the redacted paths never reach it in either form.
 */
export function createLogger(
  service: string,
  level: LevelWithSilent,
  output: LogOutput = 'json',
  production = false,
): Logger {
  const options = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin: () => {
      const context = currentContext();
      return context === undefined ? {} : { traceId: context.traceId };
    },
  };
  if (!writesPretty(output, production, process.stdout.isTTY === true))
    return pino({ ...options, formatters: { level: (label) => ({ level: label }) } });
  return pino(
    options,
    pinoPretty({
      colorize: true,
      sync: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,service',
      messageFormat: '{service}: {msg}',
    }),
  );
}

/** Routes Nest's own log calls into the JSON logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  /** Nest's start-up chatter (modules loaded, routes mapped) is debug detail. */
  log(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, stack: trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
