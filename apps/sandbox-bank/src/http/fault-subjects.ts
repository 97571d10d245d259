import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '#libs/common';
import { NO_FAULTS } from '../banks/sandbox-bank-definition.js';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import type { FaultSubject } from '../store/fault.store.js';

/** The settlement API's calls, by path (`settlement-api.decorator.ts` mounts it there). */
const SETTLEMENT_API_PREFIX = '/settlement/v1/';

/**
 * What faults are set on: each sandbox bank by its id, and the settlement provider by its
 * provider id (SANDBOX_SETTLEMENT_PROVIDER_ID, `sandbox-bank` by default).
 */
@Injectable()
export class FaultSubjects {
  readonly settlement: FaultSubject;

  constructor(
    private readonly banks: SandboxBankRegistry,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.settlement = { id: config.settlement.sandbox.providerId, faults: NO_FAULTS };
  }

  byId(id: string): FaultSubject | undefined {
    return this.banks.find(id) ?? (id === this.settlement.id ? this.settlement : undefined);
  }

  /** The subject a call is made to: the bank of its path, or the settlement provider for its API. */
  ofRequest(request: FastifyRequest<{ Params: { bankId?: string } }>): FaultSubject | undefined {
    const bankId = request.params.bankId;
    if (bankId !== undefined) return this.banks.find(bankId);
    return request.url.startsWith(SETTLEMENT_API_PREFIX) ? this.settlement : undefined;
  }
}
