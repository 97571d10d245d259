import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { SandboxBankDefinition } from '../banks/sandbox-bank-definition.js';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { FaultStore } from '../store/fault.store.js';
import { ObieError, OAuthError } from './obie-error.js';

/**
 * Applies the bank's faults to its machine-facing calls (token endpoints and the Open Banking
 * and XS2A APIs): first the latency, then, at the error rate, a 500 in the surface's error shape.
 * A guard rather than an interceptor: it only acts before the handler, and a guard costs no
 * observable chain on every call. It never refuses by answering false; a fault is thrown.
 */
@Injectable()
export class FaultInjectionGuard implements CanActivate {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly faults: FaultStore,
  ) {}

  canActivate(context: ExecutionContext): true | Promise<true> {
    const request = context.switchToHttp().getRequest<FastifyRequest<{ Params: { bankId?: string } }>>();
    const bank = this.banks.find(request.params.bankId ?? '');
    if (bank === undefined) return true;
    // The usual case, no faults known to be set: nothing to wait for.
    const known = this.faults.known(bank);
    if (known !== undefined && known.latencyMs <= 0 && known.errorRate <= 0) return true;
    return this.inject(request, bank);
  }

  private async inject(request: FastifyRequest, bank: SandboxBankDefinition): Promise<true> {
    const { latencyMs, errorRate } = await this.faults.current(bank);
    if (latencyMs > 0) await sleep(latencyMs);
    if (errorRate > 0 && Math.random() < errorRate) {
      if (/\/as\/(token|bc-authorize)$/.test(request.url.split('?')[0] ?? '')) {
        throw new OAuthError(500, 'server_error', 'Injected fault.');
      }
      throw ObieError.unexpected('Injected fault.');
    }
    return true;
  }
}
