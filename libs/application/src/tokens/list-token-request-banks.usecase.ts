import { Injectable } from '@nestjs/common';
import { hasConnector } from '#libs/connectors';
import { BankRepository, type TokenRequest } from '#libs/db';
import type { ListedBank } from '../banks/listed-bank.js';
import { tokenRequestBanks } from './token-request-banks.js';

export interface ListTokenRequestBanksCommand {
  readonly request: Pick<TokenRequest, 'kind' | 'requestPayload'>;
}

/** The hosted bank selection of a token request: the banks it can be authorised at, best ranked first. */
@Injectable()
export class ListTokenRequestBanksUseCase {
  constructor(private readonly banks: BankRepository) {}

  async execute(command: ListTokenRequestBanksCommand): Promise<ListedBank[]> {
    return tokenRequestBanks(await this.banks.listListed(), command.request, hasConnector);
  }
}
