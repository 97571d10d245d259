import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { ObieError } from './obie-error.js';
import { checkDetachedSignature } from './obie-request.js';

/** FAPI header checks of the Open Banking API: the bank's financial id and the signature's form. */
@Injectable()
export class FapiHeadersInterceptor implements NestInterceptor {
  constructor(private readonly banks: SandboxBankRegistry) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest<{ Params: { bankId?: string } }>>();
    const bank = this.banks.get(request.params.bankId ?? '');
    const financialId = request.headers['x-fapi-financial-id'];
    if (financialId !== undefined && financialId !== bank.financialId) {
      throw new ObieError(403, 'UK.OBIE.Header.Invalid', 'x-fapi-financial-id does not name this bank.', 'x-fapi-financial-id');
    }
    const signature = request.headers['x-jws-signature'];
    checkDetachedSignature(Array.isArray(signature) ? signature[0] : signature);
    return next.handle();
  }
}
