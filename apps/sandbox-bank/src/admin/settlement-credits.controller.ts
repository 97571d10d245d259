import { Body, Controller, Headers, HttpCode, Inject, Param, Post, Put, UseFilters } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#libs/common';
import { SettlementAccountStore } from '../settlement/settlement-account.store.js';
import { SettlementApiError } from '../settlement/settlement-api-error.js';
import { SettlementCreditStore } from '../settlement/settlement-credit.store.js';
import { SettlementErrorFilter } from '../settlement/settlement-error.filter.js';
import { creditBody } from '../settlement/settlement-representations.js';
import { BookCreditRequest, RepeatCreditsRequest } from '../settlement/settlement-requests.dto.js';
import { isUniqueViolation } from '../store/unique-violation.js';
import { assertSandboxAdmin } from './sandbox-admin-auth.js';

/**
 * Sandbox-only admin routes of the settlement provider: book a credit from any payer to a
 * settlement account, and make the account's next credit pages repeat a credit already handed out.
 */
@Controller('sandbox/settlement/accounts/:accountId')
@UseFilters(SettlementErrorFilter)
export class SettlementCreditsAdminController {
  constructor(
    private readonly accounts: SettlementAccountStore,
    private readonly credits: SettlementCreditStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('credits')
  async book(
    @Param('accountId') accountId: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() body: BookCreditRequest,
  ): Promise<object> {
    assertSandboxAdmin(this.config, authorization);
    const account = await this.accounts.get(accountId);
    if (body.amount.currency !== account.currency)
      throw SettlementApiError.invalid(`amount.currency must be the account's currency, ${account.currency}.`);
    const debtor = body.debtor;
    try {
      const credit = await this.credits.record({
        ...(body.providerPaymentId === undefined ? {} : { id: body.providerPaymentId }),
        accountId,
        amount: body.amount.value,
        currency: body.amount.currency,
        description: body.description ?? 'Credit',
        localInstrument: body.localInstrument ?? (account.currency === 'GBP' ? 'FASTER_PAYMENTS' : 'SEPA'),
        ...(debtor === undefined
          ? {}
          : {
              debtorName: debtor.name,
              ...(debtor.iban === undefined ? {} : { debtorIban: debtor.iban }),
              ...(debtor.bic === undefined ? {} : { debtorBic: debtor.bic }),
              ...(debtor.sortCode === undefined ? {} : { debtorSortCode: debtor.sortCode }),
              ...(debtor.accountNumber === undefined ? {} : { debtorAccountNumber: debtor.accountNumber }),
            }),
        ...(body.refId === undefined ? {} : { refId: body.refId }),
        availableAt: body.availableAt === undefined ? new Date(0) : new Date(body.availableAt),
      });
      return creditBody(credit, account);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new SettlementApiError(409, `A credit ${body.providerPaymentId ?? ''} already exists.`);
      throw error;
    }
  }

  @Put('repeat')
  @HttpCode(200)
  async repeat(
    @Param('accountId') accountId: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() body: RepeatCreditsRequest,
  ): Promise<object> {
    assertSandboxAdmin(this.config, authorization);
    await this.accounts.setRepeat(accountId, body.pages);
    return { accountId, pages: body.pages };
  }
}
