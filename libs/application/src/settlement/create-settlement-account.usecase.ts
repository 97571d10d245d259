import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '#libs/common';
import { SettlementProviderRegistry, type ProviderSettlementAccount } from '#libs/connectors';
import {
  SETTLEMENT_ACCOUNT_OPENING,
  SETTLEMENT_ACCOUNT_REFUSED,
  SettlementAccountRepository,
  Transactions,
  type SettlementAccount,
} from '#libs/db';
import { newId } from '#libs/domain';
import { recordChange, storeNew } from '../lifecycle/record-change.js';
import { OnBehalfOfCheck, type OnBehalfOfMember } from '../sub-tpps/on-behalf-of-check.js';
import { settlementAccountLifecycle, type SettlementAccountMoveContext } from './settlement-account-lifecycle.js';
import { renderVirtualAccount, type VirtualAccountResource } from './settlement-account-view.js';
import { DEFAULT_SETTLEMENT_PROVIDER } from '../settlement-providers/settlement-providers.module.js';

/** POST /virtual-accounts after validation (currency EUR or GBP, country, nickname checked). */
export interface CreateSettlementAccountCommand extends OnBehalfOfMember {
  readonly currency: string;
  readonly country: string;
  readonly accountNickName?: string;
  readonly onBehalfOfId?: string;
}

/**
 * POST /virtual-accounts. The account is stored first, OPENING (an id the provider is given as its
 * reference; never answered, never read for credits), then opened at the provider. The provider's
 * answer (its account id, status and identifiers) and the account's credit-reader timer are
 * written in one transaction; only then is the account the member's to see and use. A provider
 * that refuses, fails or does not answer leaves the row REFUSED and the error answered: an account
 * the provider never confirmed is never usable. Each step is a move of the account's lifecycle
 * (`settlementAccountLifecycle`).
 */
@Injectable()
export class CreateSettlementAccountUseCase {
  constructor(
    private readonly accounts: SettlementAccountRepository,
    private readonly transactions: Transactions,
    private readonly providers: SettlementProviderRegistry,
    private readonly onBehalfOf: OnBehalfOfCheck,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DEFAULT_SETTLEMENT_PROVIDER) private readonly providerId: string,
  ) {}

  async execute(command: CreateSettlementAccountCommand): Promise<{ virtualAccount: VirtualAccountResource }> {
    await this.onBehalfOf.check(command, command.onBehalfOfId, 'onBehalfOfId');
    const providerId = this.providerId;
    const provider = this.providers.forProvider(providerId);
    const id = newId('pa');
    const now = this.clock.now();
    const context = this.moveContext();
    const stored = await this.transactions.run((tx) =>
      storeNew(
        settlementAccountLifecycle,
        tx,
        {
          id,
          memberId: command.memberId,
          onBehalfOfId: command.onBehalfOfId ?? null,
          providerId,
          // Unique per provider until the provider's own id replaces it.
          providerAccountId: `${SETTLEMENT_ACCOUNT_OPENING}:${id}`,
          status: SETTLEMENT_ACCOUNT_OPENING,
          currency: command.currency,
          country: command.country,
          accountNickName: command.accountNickName ?? null,
          createdAt: now,
          updatedAt: now,
        },
        now,
        context,
      ),
    );
    let opened: ProviderSettlementAccount;
    try {
      opened = await provider.openAccount(
        { providerId, deadlineMs: Date.now() + this.config.payments.bankDeadlineMs },
        {
          accountId: id,
          currency: command.currency,
          country: command.country,
          ...(command.accountNickName === undefined ? {} : { accountNickName: command.accountNickName }),
          ...(command.onBehalfOfId === undefined ? {} : { onBehalfOfId: command.onBehalfOfId }),
        },
      );
    } catch (error) {
      await this.refuse(stored, context);
      throw error;
    }
    const row = await this.confirm(stored, opened, context);
    return { virtualAccount: renderVirtualAccount(row) };
  }

  private moveContext(): SettlementAccountMoveContext {
    return { accounts: this.accounts, creditReadSeconds: this.config.worker.settlementCreditReadSeconds };
  }

  /** The provider refused, failed or did not answer: the OPENING account becomes REFUSED (never answered, never read). */
  private async refuse(stored: SettlementAccount, context: SettlementAccountMoveContext): Promise<void> {
    const now = this.clock.now();
    await this.transactions.run((tx) =>
      recordChange(
        settlementAccountLifecycle,
        tx,
        stored,
        { status: SETTLEMENT_ACCOUNT_REFUSED, updatedAt: now },
        now,
        context,
      ),
    );
  }

  private confirm(
    stored: SettlementAccount,
    opened: ProviderSettlementAccount,
    context: SettlementAccountMoveContext,
  ): Promise<SettlementAccount> {
    const now = this.clock.now();
    return this.transactions.run(async (tx) => {
      const recorded = await recordChange(
        settlementAccountLifecycle,
        tx,
        stored,
        {
          providerAccountId: opened.providerAccountId,
          status: opened.status,
          accountName: opened.accountName ?? null,
          iban: opened.iban ?? null,
          bic: opened.bic ?? null,
          sortCode: opened.sortCode ?? null,
          accountNumber: opened.accountNumber ?? null,
          updatedAt: now,
        },
        now,
        context,
      );
      if (recorded.kind !== 'changed')
        throw new Error(`settlement account ${stored.id} was no longer OPENING when its provider answered`);
      return recorded.row;
    });
  }
}
