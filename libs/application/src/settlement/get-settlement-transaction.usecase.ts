import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, GatewayError, type AppConfig } from '#libs/common';
import { BankRejectedError, SettlementProviderRegistry } from '#libs/connectors';
import { SettlementAccountRepository, SettlementTransactionRepository, type SettlementAccount } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { SettlementCreditBooking } from './settlement-credit-booking.js';
import { renderTransaction, type VirtualAccountTransactionResource } from './settlement-account-view.js';

export interface GetSettlementTransactionCommand {
  readonly memberId: MemberId;
  readonly accountId: string;
  readonly providerPaymentId: string;
  /** When given, the account must be the one held for this sub-TPP. */
  readonly onBehalfOfId?: string;
}

/**
 * GET /virtual-accounts/{accountId}/transactions/{providerPaymentId}: the transaction as booked.
 * A credit the intake has not read yet is asked of the provider by its id and, when it has
 * arrived, booked there and then through the intake's own booking (row, ledger CREDIT entry and
 * VIRTUAL_ACCOUNT_CREDIT_RECEIVED in one transaction, once per providerPaymentId: the intake
 * finds it booked), so the answer and the balances agree. Unknown to the provider too: 404.
 */
@Injectable()
export class GetSettlementTransactionUseCase {
  constructor(
    private readonly accounts: SettlementAccountRepository,
    private readonly transactions: SettlementTransactionRepository,
    private readonly providers: SettlementProviderRegistry,
    private readonly booking: SettlementCreditBooking,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: GetSettlementTransactionCommand): Promise<{ transaction: VirtualAccountTransactionResource }> {
    const { memberId, accountId, providerPaymentId, onBehalfOfId } = command;
    const account = await this.accounts.findOpenedForMember(memberId, accountId);
    if (account === null || (onBehalfOfId !== undefined && account.onBehalfOfId !== onBehalfOfId))
      throw GatewayError.notFound(accountId, `Account ${accountId} not found.`);
    const booked =
      (await this.transactions.findForMember(memberId, accountId, providerPaymentId)) ??
      ((await this.bookFromProvider(account, providerPaymentId))
        ? await this.transactions.findForMember(memberId, accountId, providerPaymentId)
        : null);
    if (booked === null)
      throw GatewayError.notFound(
        providerPaymentId,
        `Transaction ${providerPaymentId} not found in account ${accountId}.`,
      );
    return { transaction: renderTransaction(booked) };
  }

  /** Asks the provider for the credit and books it; false when the provider does not have it (or it cannot be booked). */
  private async bookFromProvider(account: SettlementAccount, providerPaymentId: string): Promise<boolean> {
    let credit;
    try {
      credit = await this.providers
        .forProvider(account.providerId)
        .getCredit(
          { providerId: account.providerId, deadlineMs: Date.now() + this.config.payments.bankDeadlineMs },
          account.providerAccountId,
          providerPaymentId,
        );
    } catch (error) {
      if (error instanceof BankRejectedError && error.bankStatusCode === 404) return false;
      throw error;
    }
    return (await this.booking.book(account, credit)) !== 'refused';
  }
}
