import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { GatewayError } from '../errors/gateway-error.js';
import { Public } from '../http/public-route.js';
import { READINESS_CHECKS } from '../platform/tokens.js';
import { NotReadyError, type ReadinessCheck } from './readiness-check.js';
import { LIVENESS_ANSWER_EXAMPLE, READINESS_ANSWER_EXAMPLE } from './health-examples.js';

const CHECK_TIMEOUT_MS = 2000;

function withTimeout(check: ReadinessCheck): Promise<string | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(`${check.name}: timed out`), CHECK_TIMEOUT_MS);
    check.check().then(
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve(`${check.name}: ${error instanceof NotReadyError ? error.reason : 'unreachable'}`);
      },
    );
  });
}

/** Liveness and readiness; public, no authentication. Metrics: metrics.controller.ts. */
@ApiTags('Health')
@Public()
@Controller()
export class HealthController {
  constructor(@Inject(READINESS_CHECKS) private readonly checks: readonly ReadinessCheck[]) {}

  @Get('healthz')
  @ApiOperation({
    summary: 'Liveness: the process is up.',
    operationId: 'Health.Liveness',
    description: 'Answers 200 while the process runs; asks nothing else.',
    security: [],
  })
  @ApiOkResponse({
    schema: { type: 'object', properties: { status: { type: 'string', example: 'ok' } } },
    example: LIVENESS_ANSWER_EXAMPLE,
  })
  healthz(): { status: string } {
    return { status: 'ok' };
  }

  @Get('readyz')
  @ApiOperation({
    summary: 'Readiness: Postgres and Redis are reachable and the schema has every migration the process ships.',
    operationId: 'Health.Readiness',
    description: 'Answers 200 when every dependency answers in time, else 503 with Retry-After and what failed.',
    security: [],
  })
  @ApiOkResponse({
    schema: { type: 'object', properties: { status: { type: 'string', example: 'ok' } } },
    example: READINESS_ANSWER_EXAMPLE,
  })
  @ApiServiceUnavailableResponse({ description: 'A dependency is unreachable, or a migration is not applied yet.' })
  async readyz(): Promise<{ status: string; checks: Record<string, string> }> {
    const failures = (await Promise.all(this.checks.map(withTimeout))).filter((f): f is string => f !== undefined);
    if (failures.length > 0) {
      throw new GatewayError('UNAVAILABLE', { message: `Not ready: ${failures.join(', ')}.`, retryAfterSeconds: 1 });
    }
    return { status: 'ok', checks: Object.fromEntries(this.checks.map((c) => [c.name, 'ok'])) };
  }
}
