import { Controller, Get, Header, HttpCode, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Metrics } from '#libs/observability';
import { Public } from '../http/public-route.js';
import { METRICS } from '../platform/tokens.js';

/**
 * Prometheus metrics at /metrics, without authentication: mounted only on ports that stay inside
 * the deployment (the admin API's and the worker's), never on the public API's.
 */
@ApiTags('Metrics')
@Public()
@Controller()
export class MetricsController {
  constructor(@Inject(METRICS) private readonly metrics: Metrics) {}

  @Get('metrics')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Prometheus metrics of this process (text exposition format).', security: [] })
  @ApiOkResponse({ content: { 'text/plain': { schema: { type: 'string' } } } })
  async metricsText(@Res() reply: FastifyReply): Promise<void> {
    const { contentType, body } = await this.metrics.render();
    await reply.header('content-type', contentType).send(body);
  }
}
