import { Injectable } from '@nestjs/common';
import { BankRepository } from '#libs/db';
import { filterBanks, type BankFilter } from './bank-filter.js';
import { toListedBank } from './listed-bank.js';

/** GET /banks/countries after validation: the banks' filter. */
export type ListBankCountriesCommand = BankFilter;

/**
 * The countries in which listed banks matching the filter operate, sorted. With a countries
 * filter only those of the requested countries that have such a bank are answered (a bank
 * operating in DE and FR does not bring FR into an answer for `countries=DE`).
 */
@Injectable()
export class ListBankCountriesUseCase {
  constructor(private readonly banks: BankRepository) {}

  async execute(filter: ListBankCountriesCommand): Promise<string[]> {
    const matching = filterBanks((await this.banks.listListed()).map(toListedBank), filter);
    const wanted =
      filter.countries === undefined || filter.countries.length === 0 ? undefined : new Set(filter.countries);
    const countries = new Set(
      matching.flatMap((bank) => bank.countries).filter((country) => wanted?.has(country) ?? true),
    );
    return [...countries].sort();
  }
}
