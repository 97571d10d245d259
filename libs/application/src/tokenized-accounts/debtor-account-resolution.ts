import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import type { PartyAccount } from '#libs/connectors';
import type { Payment, Tx } from '#libs/db';
import {
  checkAccountForRail,
  type MemberId,
  type PaymentDebtor,
  type PaymentInitiationInput,
  type TokenizedAccountDetails,
} from '#libs/domain';
import { TokenizedAccountVault } from './tokenized-account-vault.js';

const PATH = 'initiation.debtor.tokenizedAccountId';

/** A debtor account as a bank names it, in the fields an Account on File keeps. */
function detailsOf(account: PartyAccount): TokenizedAccountDetails {
  const identifier = account.identifier;
  const name = account.name === '' ? {} : { name: account.name };
  switch (identifier.type) {
    case 'iban':
      return { iban: identifier.iban, ...(identifier.bic === undefined ? {} : { bic: identifier.bic }), ...name };
    case 'gbDomestic':
      return { sortCode: identifier.sortCode, accountNumber: identifier.accountNumber, ...name };
    case 'bban':
      return { bban: identifier.bban, ...(identifier.bic === undefined ? {} : { bic: identifier.bic }), ...name };
    case 'bankgiro':
      return { bankgiroNumber: identifier.bankgiroNumber, ...name };
    case 'plusgiro':
      return { plusgiroNumber: identifier.plusgiroNumber, ...name };
  }
}

/**
 * Account on File for payments. A payment's debtor given as an Account on File reference, resolved to the member's stored
 * details for the bank. An id that names no account of the member (unknown, deleted, another
 * member's) is a 400 naming the field, as is a stored account the payment's rail cannot carry.
 * The payment itself keeps the reference, never the details.
 */
@Injectable()
export class DebtorAccountResolution {
  constructor(private readonly vault: TokenizedAccountVault) {}

  /** The debtor the bank is to see: the stored details for a reference, the input's debtor otherwise. */
  async debtorFor(memberId: MemberId, input: PaymentInitiationInput): Promise<PaymentDebtor | undefined> {
    const id = input.debtor?.tokenizedAccountId;
    if (id === undefined) return input.debtor;
    const account = await this.vault.open(memberId, id);
    if (account === undefined)
      throw GatewayError.invalidField(PATH, `${PATH} names no Account on File of the member (unknown or deleted)`);
    const rail = input.localInstrument;
    if (rail !== 'AUTO_SELECT') {
      const problem = checkAccountForRail(account.details, rail, { role: 'debtor' })[0];
      if (problem !== undefined)
        throw GatewayError.invalidField(PATH, `${PATH} names an account ${rail} cannot debit: ${problem.message}`);
    }
    return account.details;
  }

  /**
   * For a later bank call on a stored payment (the bank's redirect back, a status poll): the
   * debtor its member's stored account names, or the payment's own debtor. A reference deleted
   * since stays unresolved; the bank then refuses what differs from its consent.
   */
  async storedDebtorOf(ownerId: string, input: PaymentInitiationInput): Promise<PaymentDebtor | undefined> {
    const id = input.debtor?.tokenizedAccountId;
    if (id === undefined) return input.debtor;
    return (await this.vault.openOfOwner(ownerId, id))?.details;
  }

  /**
   * returnTokenizedAccount: the debtor account the bank returned for `payment`, kept as the
   * payment's member's Account on File under `id` (the id the payment's change records), in the
   * change's transaction.
   */
  async keepReturnedDebtor(
    tx: Tx,
    payment: Pick<Payment, 'memberId' | 'bankId'>,
    id: string,
    debtor: PartyAccount,
  ): Promise<void> {
    await this.vault.storeIn(tx, payment.memberId, id, detailsOf(debtor), payment.bankId ?? undefined);
  }
}
