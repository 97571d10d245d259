import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { BankRepository } from '#libs/db';
import { checkRefundRegistration, type MemberId, type RefundParty, type RefundRegistrationInput } from '#libs/domain';
import { refundFieldsError } from './refund-problems.js';
import { RefundRegistrationVault, type RefundRegistrationView } from './refund-registration-vault.js';

/**
 * The reference's Registration: id, createdDateTime, product REFUND, and `registration` (the bank
 * and the debtor account, with the names of the credentials held; their values never leave the vault).
 */
export interface RegistrationResource {
  readonly [key: string]: unknown;
  readonly id: string;
  readonly createdDateTime: string;
  readonly product: 'REFUND';
  readonly registration: {
    readonly bankId: string;
    readonly debtor: RefundParty;
    readonly credentialNames: readonly string[];
  };
}

function resource(view: RefundRegistrationView): RegistrationResource {
  return {
    id: view.id,
    createdDateTime: view.createdAt.toISOString(),
    product: 'REFUND',
    registration: { bankId: view.bankId, debtor: view.debtor, credentialNames: view.credentialNames },
  };
}

/** POST, GET and DELETE /refund/registrations. */
@Injectable()
export class RefundRegistrationsUseCases {
  constructor(
    private readonly vault: RefundRegistrationVault,
    private readonly banks: BankRepository,
  ) {}

  /** POST /refund/registrations: the registration's rules (a 400 naming the field), its bank, then sealed and stored. */
  async register(memberId: MemberId, input: RefundRegistrationInput): Promise<{ registration: RegistrationResource }> {
    const problems = checkRefundRegistration(input);
    if (problems.length > 0) throw refundFieldsError(problems);
    if ((await this.banks.find(input.bankId)) === null)
      throw GatewayError.invalidField('bankId', `bankId ${input.bankId} is not a bank of this gateway`);
    return { registration: resource(await this.vault.store(memberId, input)) };
  }

  async get(memberId: MemberId, id: string): Promise<{ registration: RegistrationResource }> {
    const view = await this.vault.view(memberId, id);
    if (view === undefined) throw GatewayError.notFound(id, `Refund registration ${id} not found.`);
    return { registration: resource(view) };
  }

  async remove(memberId: MemberId, id: string): Promise<Record<string, never>> {
    if (!(await this.vault.forget(memberId, id)))
      throw GatewayError.notFound(id, `Refund registration ${id} not found.`);
    return {};
  }
}
