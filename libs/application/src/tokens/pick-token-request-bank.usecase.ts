import { Injectable } from '@nestjs/common';
import { hasConnector } from '#libs/connectors';
import { BankRepository, type Bank, type TokenRequest } from '#libs/db';
import type { ListedBank } from '../banks/listed-bank.js';
import { tokenRequestBanks } from './token-request-banks.js';

export interface PickTokenRequestBankCommand {
  readonly request: Pick<TokenRequest, 'kind' | 'requestPayload'>;
  /** The bank the user chose on the hosted selection. */
  readonly bankId: string;
}

export interface PickedTokenRequestBank {
  /** The banks the request can be authorised at, to show again when the choice is refused. */
  readonly banks: ListedBank[];
  /** The chosen bank when it is one of them, or null. */
  readonly bank: Bank | null;
}

/** A user's choice on a token request's hosted bank selection: the bank, when the request can be authorised there. */
@Injectable()
export class PickTokenRequestBankUseCase {
  constructor(private readonly banks: BankRepository) {}

  async execute(command: PickTokenRequestBankCommand): Promise<PickedTokenRequestBank> {
    const banks = tokenRequestBanks(await this.banks.listListed(), command.request, hasConnector);
    const bank = banks.some((listed) => listed.id === command.bankId) ? await this.banks.find(command.bankId) : null;
    return { banks, bank };
  }
}
