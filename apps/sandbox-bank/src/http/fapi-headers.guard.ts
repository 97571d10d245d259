import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { ObieError } from './obie-error.js';
import { checkDetachedSignature } from './obie-request.js';

/**
 * FAPI header checks of the Open Banking API: the bank's financial id and the signature's form.
 * It never refuses by answering false; a failed check is thrown as the OBIE error.
 */
@Injectable()
export class FapiHeadersGuard implements CanActivate {
  constructor(private readonly banks: SandboxBankRegistry) {}

  canActivate(context: ExecutionContext): true {
    const request = context.switchToHttp().getRequest<FastifyRequest<{ Params: { bankId?: string } }>>();
    const bank = this.banks.get(request.params.bankId ?? '');
    const financialId = request.headers['x-fapi-financial-id'];
    if (financialId !== undefined && financialId !== bank.financialId) {
      throw new ObieError(
        403,
        'UK.OBIE.Header.Invalid',
        'x-fapi-financial-id does not name this bank.',
        'x-fapi-financial-id',
      );
    }
    const signature = request.headers['x-jws-signature'];
    checkDetachedSignature(Array.isArray(signature) ? signature[0] : signature);
    return true;
  }
}
