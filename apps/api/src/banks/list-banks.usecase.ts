import { Injectable } from '@nestjs/common';
import { BankRepository } from '#libs/db';
import { filterBanks } from './bank-filter.js';
import { orderBanks, pageOf, type BankPage } from './bank-order.js';
import type { ListBanksCommand } from './list-banks.command.js';
import { toListedBank } from './listed-bank.js';

/** One page of the listed banks matching a filter, in the requested order (v1 and v2 alike). */
@Injectable()
export class ListBanksUseCase {
  constructor(private readonly banks: BankRepository) {}

  async execute(command: ListBanksCommand): Promise<BankPage> {
    const listed = (await this.banks.listListed()).map(toListedBank);
    return pageOf(orderBanks(filterBanks(listed, command.filter), command.order), command.page, command.perPage);
  }
}
