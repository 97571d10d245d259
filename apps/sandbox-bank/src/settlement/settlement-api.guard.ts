import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '#libs/common';
import { SettlementApiError } from './settlement-api-error.js';

/** The settlement API takes its clients' static key as a Bearer token (SANDBOX_SETTLEMENT_API_KEY). */
@Injectable()
export class SettlementApiGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const expected = this.config.settlement.sandbox.apiKey;
    if (expected === undefined) throw new SettlementApiError(403, 'The settlement API has no key configured.');
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization;
    const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '', 'utf8');
    const wanted = Buffer.from(expected, 'utf8');
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
      throw new SettlementApiError(401, 'A valid Bearer key is required.');
    return true;
  }
}
