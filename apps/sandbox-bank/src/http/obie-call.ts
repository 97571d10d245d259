import { Injectable, createParamDecorator, type ExecutionContext, type PipeTransform } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { SandboxBankDefinition } from '../banks/sandbox-bank-definition.js';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { apiBase } from './obie-request.js';

/** What every Open Banking call of a sandbox bank carries: the bank, the token, where it was reached. */
export interface ObieCall {
  readonly bank: SandboxBankDefinition;
  readonly authorization: string | undefined;
  /** `https://host/banks/{bankId}/open-banking/v3.1` as the caller reached it. */
  readonly apiBase: string;
  /** The URL called, for Links.Self. */
  readonly self: string;
}

type UnresolvedCall = Omit<ObieCall, 'bank'> & { readonly bankId: string };

/** The bank of the call from the registry: an unknown bank answers 404 in the Open Banking shape. */
@Injectable()
export class ResolveObieBank implements PipeTransform<UnresolvedCall, ObieCall> {
  constructor(private readonly banks: SandboxBankRegistry) {}

  transform({ bankId, ...call }: UnresolvedCall): ObieCall {
    return { bank: this.banks.get(bankId), ...call };
  }
}

const UnresolvedObieCall = createParamDecorator((_data: unknown, context: ExecutionContext): UnresolvedCall => {
  const request = context.switchToHttp().getRequest<FastifyRequest<{ Params: { bankId: string } }>>();
  const { bankId } = request.params;
  const authorization = request.headers.authorization;
  return {
    bankId,
    authorization,
    apiBase: apiBase(request, bankId),
    self: `${request.protocol}://${request.host}${request.url}`,
  };
});

/** The handler parameter that receives the call's ObieCall. */
export const Call = (): ParameterDecorator => UnresolvedObieCall(undefined, ResolveObieBank);
