import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, GatewayError, type AppConfig } from '#libs/common';
import { SettlementProviderRegistry } from '#libs/connectors';
import { AccountVerificationRepository, SettlementAccountRepository } from '#libs/db';
import {
  ACCOUNT_VERIFICATION_VALIDITY_MS,
  newAccountVerificationId,
  type AccountVerificationInput,
  type MemberId,
} from '#libs/domain';
import { DEFAULT_SETTLEMENT_PROVIDER } from '../settlement-providers/settlement-providers.module.js';

/** The reference's AccountVerificationResponse. */
export interface AccountVerificationResource {
  readonly id: string;
  readonly result: {
    readonly status: string;
    readonly reasons: string[];
    readonly details: string;
    readonly matched?: { readonly name: string };
  };
}

/**
 * An account verification, for POST /account-verifications (VerifyAccountUseCase, after checking
 * its body) and for the payee check a settlement rule's run makes as the account's owner: asks the
 * settlement provider (of the named settlement account, else the default one) whether the name
 * holds the account, and keeps the answer with an id for 24 hours, the member's own: an EUR payout
 * names it (accountVerificationId).
 */
@Injectable()
export class AccountVerifier {
  private readonly deadlineMs: number;

  constructor(
    private readonly verifications: AccountVerificationRepository,
    private readonly accounts: SettlementAccountRepository,
    private readonly providers: SettlementProviderRegistry,
    @Inject(DEFAULT_SETTLEMENT_PROVIDER) private readonly defaultProvider: string,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.deadlineMs = config.payments.bankDeadlineMs;
  }

  /** A checked request, asked of the provider and kept as the member's. */
  async verify(memberId: MemberId, input: AccountVerificationInput): Promise<AccountVerificationResource> {
    let providerId = this.defaultProvider;
    if (input.virtualAccountId !== undefined) {
      const account = await this.accounts.findForMember(memberId, input.virtualAccountId);
      if (account === null)
        throw GatewayError.invalidField(
          'virtualAccountId',
          'virtualAccountId must be the id of one of the member’s settlement accounts',
        );
      providerId = account.providerId;
    }
    const outcome = await this.providers.forProvider(providerId).verifyAccount(
      { providerId, deadlineMs: Date.now() + this.deadlineMs },
      {
        name: input.name,
        currency: input.currency,
        ...(input.iban === undefined ? {} : { iban: input.iban }),
        ...(input.sortCode === undefined ? {} : { sortCode: input.sortCode }),
        ...(input.accountNumber === undefined ? {} : { accountNumber: input.accountNumber }),
        ...(input.accountType === undefined ? {} : { accountType: input.accountType }),
      },
    );
    const now = this.clock.now();
    const stored = await this.verifications.insert({
      id: newAccountVerificationId(now),
      memberId,
      virtualAccountId: input.virtualAccountId ?? null,
      providerId,
      name: input.name,
      currency: input.currency,
      iban: input.iban ?? null,
      sortCode: input.sortCode ?? null,
      accountNumber: input.accountNumber ?? null,
      status: outcome.status,
      reasons: [...outcome.reasons],
      details: outcome.details,
      matchedName: outcome.matchedName ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ACCOUNT_VERIFICATION_VALIDITY_MS),
    });
    return {
      id: stored.id,
      result: {
        status: stored.status,
        reasons: stored.reasons,
        details: stored.details,
        ...(stored.matchedName === null ? {} : { matched: { name: stored.matchedName } }),
      },
    };
  }
}
