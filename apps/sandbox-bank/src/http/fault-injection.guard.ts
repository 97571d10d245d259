import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { FaultStore, type FaultSubject } from '../store/fault.store.js';
import { faultApplies, faultOperationOf } from './fault-operation.js';
import { FaultSubjects } from './fault-subjects.js';
import { injectedFault } from './injected-fault.js';

/**
 * Applies the faults that come before any work to the machine-facing calls (token endpoints, the
 * Open Banking and XS2A APIs, the settlement API): first the latency, then, at the error rate, a
 * 500 in the surface's error shape; only to the operations the faults name, when they name any.
 * A guard rather than an interceptor: it only acts before the handler, and a guard costs no
 * observable chain on every call. It never refuses by answering false; a fault is thrown.
 * The faults after the work are `LostAnswerInterceptor`'s.
 */
@Injectable()
export class FaultInjectionGuard implements CanActivate {
  constructor(
    private readonly subjects: FaultSubjects,
    private readonly faults: FaultStore,
  ) {}

  canActivate(context: ExecutionContext): true | Promise<true> {
    const request = context.switchToHttp().getRequest<FastifyRequest<{ Params: { bankId?: string } }>>();
    const subject = this.subjects.ofRequest(request);
    if (subject === undefined) return true;
    // The usual case, no faults known to be set: nothing to wait for.
    const known = this.faults.known(subject);
    if (known !== undefined && known.latencyMs <= 0 && known.errorRate <= 0) return true;
    return this.inject(request, subject);
  }

  private async inject(request: FastifyRequest, subject: FaultSubject): Promise<true> {
    const faults = await this.faults.current(subject);
    if (!faultApplies(faults, faultOperationOf(request.url))) return true;
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    if (faults.errorRate > 0 && Math.random() < faults.errorRate) throw injectedFault(request, 500);
    return true;
  }
}
