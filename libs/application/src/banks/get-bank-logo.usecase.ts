import { Injectable } from '@nestjs/common';
import { BankRepository } from '#libs/db';

export interface GetBankLogoCommand {
  readonly bankId: string;
}

/** What a bank's drawn logo shows: its id (the colour) and its name (the initials); null for an unknown bank. */
export interface BankLogoSubject {
  readonly id: string;
  readonly name: string;
}

/** GET /logos/{bankId}.svg: the catalogue entry a logo is drawn from. */
@Injectable()
export class GetBankLogoUseCase {
  constructor(private readonly banks: BankRepository) {}

  async execute(command: GetBankLogoCommand): Promise<BankLogoSubject | null> {
    const bank = await this.banks.find(command.bankId);
    return bank === null ? null : { id: bank.id, name: bank.name };
  }
}
