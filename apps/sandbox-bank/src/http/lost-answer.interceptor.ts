import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { mergeMap, type Observable } from 'rxjs';
import { FaultStore, type FaultSubject } from '../store/fault.store.js';
import { changesSomething, faultApplies, faultOperationOf } from './fault-operation.js';
import { FaultSubjects } from './fault-subjects.js';
import { injectedFault } from './injected-fault.js';

/**
 * Applies the faults that come after the work to the calls that change something: the handler
 * has done and committed its work when its answer reaches this point; the answer then waits
 * `lateAnswerMs`, and at `lostAnswerRate` it is lost, half the time as a 503 in the surface's error
 * shape, half the time as a connection closed without any answer. A caller sees what a bank's
 * lost answer looks like while the bank has executed the call.
 */
@Injectable()
export class LostAnswerInterceptor implements NestInterceptor {
  constructor(
    private readonly subjects: FaultSubjects,
    private readonly faults: FaultStore,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest<{ Params: { bankId?: string } }>>();
    const subject = changesSomething(request.method) ? this.subjects.ofRequest(request) : undefined;
    if (subject === undefined) return next.handle();
    const known = this.faults.known(subject);
    if (known !== undefined && known.lostAnswerRate <= 0 && known.lateAnswerMs <= 0) return next.handle();
    return next.handle().pipe(mergeMap((answer: unknown) => this.afterWork(request, subject, answer)));
  }

  private async afterWork(request: FastifyRequest, subject: FaultSubject, answer: unknown): Promise<unknown> {
    const faults = await this.faults.current(subject);
    if (!faultApplies(faults, faultOperationOf(request.url))) return answer;
    if (faults.lateAnswerMs > 0) await sleep(faults.lateAnswerMs);
    if (faults.lostAnswerRate <= 0 || Math.random() >= faults.lostAnswerRate) return answer;
    if (Math.random() < 0.5) throw injectedFault(request, 503);
    request.raw.socket.destroy();
    return answer;
  }
}
