import { Body, HttpCode, Post } from '@nestjs/common';
import { checkPayee } from './payee-verification.js';
import { SettlementAccountStore } from './settlement-account.store.js';
import { SettlementApiController } from './settlement-api.decorator.js';
import { SettlementApiError } from './settlement-api-error.js';
import { VerifyAccountRequest } from './settlement-requests.dto.js';

/** Payee checks (EPC Verification of Payee / Confirmation of Payee): MTCH, CMTC, NMTC or NOAP. */
@SettlementApiController('account-verifications')
export class AccountVerificationsController {
  constructor(private readonly accounts: SettlementAccountStore) {}

  @Post()
  @HttpCode(200)
  async verify(@Body() body: VerifyAccountRequest): Promise<object> {
    if (body.iban === undefined && (body.sortCode === undefined || body.accountNumber === undefined))
      throw SettlementApiError.invalid('An iban, or a sortCode and an accountNumber, is required.');
    const account = await this.accounts.byIdentifiers({
      ...(body.iban === undefined ? {} : { iban: body.iban }),
      ...(body.sortCode === undefined ? {} : { sortCode: body.sortCode }),
      ...(body.accountNumber === undefined ? {} : { accountNumber: body.accountNumber }),
    });
    return checkPayee(body.name, account === null || account === undefined ? account : account.name);
  }
}
