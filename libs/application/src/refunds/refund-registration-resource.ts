import type { RefundParty } from '#libs/domain';
import type { RefundRegistrationView } from './refund-registration-vault.js';

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

export function registrationResource(view: RefundRegistrationView): RegistrationResource {
  return {
    id: view.id,
    createdDateTime: view.createdAt.toISOString(),
    product: 'REFUND',
    registration: { bankId: view.bankId, debtor: view.debtor, credentialNames: view.credentialNames },
  };
}
