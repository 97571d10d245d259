import type { AccountIdentifier, PartyAccount } from '#libs/connectors';
import type { Prisma } from '#libs/db';

/** An account identifier in the interface's AccountIdentifier shape (one object keyed by its kind). */
export function accountIdentifierResource(identifier: AccountIdentifier): Prisma.InputJsonObject {
  switch (identifier.type) {
    case 'iban':
      return { iban: { iban: identifier.iban, ...(identifier.bic === undefined ? {} : { bic: identifier.bic }) } };
    case 'gbDomestic':
      return { gbDomestic: { sortCode: identifier.sortCode, accountNumber: identifier.accountNumber } };
    case 'bban':
      return { bban: { bban: identifier.bban } };
    case 'bankgiro':
      return { bankgiro: { bankgiroNumber: identifier.bankgiroNumber } };
    case 'plusgiro':
      return { plusgiro: { plusgiroNumber: identifier.plusgiroNumber } };
  }
}

/** The payer's account as the bank reported it, as the interface's TransferDebtorEndpointResponse. */
export function transferSourceOf(debtor: PartyAccount, bankId: string): Prisma.InputJsonObject {
  return {
    accountIdentifier: accountIdentifierResource(debtor.identifier),
    bankId,
    ...(debtor.identifier.type === 'iban' && debtor.identifier.bic !== undefined ? { bic: debtor.identifier.bic } : {}),
    ...(debtor.name === '' ? {} : { customerData: { legalNames: [debtor.name] } }),
  };
}
