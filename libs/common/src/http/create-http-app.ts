import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { NestPinoLogger } from '#libs/observability';
import type { PlatformObjects } from '../platform/platform.module.js';
import { answerFrameworkError, MAX_PATH_PARAMETER_LENGTH } from './framework-errors.js';
import { GlobalErrorFilter } from './global-error.filter.js';
import { installJsonOnlyBodyParser } from './json-body-parser.js';
import { installRequestTracing } from './request-trace.js';
import { createValidationPipe } from './validation.pipe.js';

/** Fastify's trustProxy: nothing, a list of proxies, or the first `hops` hops. */
function trustProxyOption(
  setting: false | number | readonly string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return [...setting];
}

/**
 * A Nest application on Fastify with the cross-cutting rules every server of the gateway
 * follows: trace ids, access logs and metrics, the one error filter, strict DTO validation,
 * a body size limit and graceful shutdown.
 */
export async function createHttpApp(module: object, platform: PlatformObjects): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: platform.config.http.bodyLimitBytes,
    trustProxy: trustProxyOption(platform.config.http.trustProxy),
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true, maxParamLength: MAX_PATH_PARAMETER_LENGTH },
  });
  installRequestTracing(adapter.getInstance(), platform.metrics, platform.logger);
  installJsonOnlyBodyParser(adapter.getInstance(), platform.config.http.jsonMaxDepth);
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: new NestPinoLogger(platform.logger),
    abortOnError: false,
    // Nest's own parsers (JSON and urlencoded) are replaced by the JSON-only one below.
    bodyParser: false,
  });
  app.useGlobalFilters(new GlobalErrorFilter(platform.logger));
  app.useGlobalPipes(createValidationPipe());
  // No enableShutdownHooks(): each process closes the app on SIGTERM itself (runUntilSignal), and
  // close() runs the shutdown hooks; Nest's own signal handler would re-raise the signal after.
  return app;
}
