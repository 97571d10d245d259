import { Injectable } from '@nestjs/common';
import { BankRepository } from '#libs/db';
import { filterBanks, type BankFilter } from './bank-filter.js';
import { orderBanks, pageOf, type BankOrder, type BankPage } from './bank-order.js';
import { toListedBank } from './listed-bank.js';

/** A validated request for one page of the bank list. */
export interface ListBanksCommand {
  readonly filter: BankFilter;
  readonly order: BankOrder;
  readonly page: number;
  readonly perPage: number;
}

/** One page of the listed banks matching a filter, in the requested order (v1 and v2 alike). */
@Injectable()
export class ListBanksUseCase {
  constructor(private readonly banks: BankRepository) {}

  async execute(command: ListBanksCommand): Promise<BankPage> {
    const listed = (await this.banks.listListed()).map(toListedBank);
    return pageOf(orderBanks(filterBanks(listed, command.filter), command.order), command.page, command.perPage);
  }
}
