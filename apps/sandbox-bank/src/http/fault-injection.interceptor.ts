import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { from, switchMap, type Observable } from 'rxjs';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { FaultStore } from '../store/fault.store.js';
import { ObieError, OAuthError } from './obie-error.js';

/**
 * Applies the bank's faults to its machine-facing calls (token endpoints and the Open Banking
 * API): first the latency, then, at the error rate, a 500 in the surface's error shape.
 */
@Injectable()
export class FaultInjectionInterceptor implements NestInterceptor {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly faults: FaultStore,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest<{ Params: { bankId?: string } }>>();
    return from(this.inject(request)).pipe(switchMap(() => next.handle()));
  }

  private async inject(request: FastifyRequest<{ Params: { bankId?: string } }>): Promise<void> {
    const bank = this.banks.find(request.params.bankId ?? '');
    if (bank === undefined) return;
    const { latencyMs, errorRate } = await this.faults.current(bank);
    if (latencyMs > 0) await sleep(latencyMs);
    if (errorRate > 0 && Math.random() < errorRate) {
      if (/\/as\/(token|bc-authorize)$/.test(request.url.split('?')[0] ?? '')) {
        throw new OAuthError(500, 'server_error', 'Injected fault.');
      }
      throw ObieError.unexpected('Injected fault.');
    }
  }
}
