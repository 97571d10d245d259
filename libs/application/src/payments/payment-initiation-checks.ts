import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, GatewayError, type AppConfig } from '#libs/common';
import { BankRepository, SettlementAccountRepository, type Bank } from '#libs/db';
import type { PaymentDebtor, PaymentInitiationInput } from '#libs/domain';
import { OnBehalfOfCheck } from '../sub-tpps/on-behalf-of-check.js';
import { DebtorAccountResolution } from '../tokenized-accounts/debtor-account-resolution.js';
import type { InitiatePaymentCommand } from './initiate-payment.usecase.js';
import { initiationBankOf } from './initiation-bank.js';
import { checkInitiationAgainstContext } from './initiation-error.js';
import { draftPayment } from './payment-draft.js';
import { PaymentExtensions } from './payment-extensions.js';
import { paymentRules, type PaymentRules } from './payment-rules.js';

/** A payment drafted from a checked initiation, not stored yet. */
export type DraftedPayment = ReturnType<typeof draftPayment>;

/** An initiation that passed its checks: its bank (null: the payer picks one on the hosted pages), today and the drafted row. */
export interface CheckedInitiation {
  readonly bank: Bank | null;
  readonly now: Date;
  /** The debtor for the bank, its Account on File opened. */
  readonly debtor: PaymentDebtor | undefined;
  readonly draft: DraftedPayment;
}

/**
 * Every check of a Payments v2 initiation that needs the bank, the member or today (the bank of
 * the catalogue, the settlement creditor, the rules against the bank and member, onBehalfOfId,
 * the Account on File debtor), and the row it drafts. Throws the initiation's 400s.
 */
@Injectable()
export class PaymentInitiationChecks {
  private readonly rules: PaymentRules;
  /** Our own host names: a callbackUrl may not point at them. */
  private readonly ownHosts: readonly string[];

  constructor(
    private readonly clock: Clock,
    private readonly banks: BankRepository,
    private readonly onBehalfOf: OnBehalfOfCheck,
    private readonly extensions: PaymentExtensions,
    private readonly debtorAccounts: DebtorAccountResolution,
    private readonly settlementAccounts: SettlementAccountRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rules = paymentRules(config);
    this.ownHosts = [new URL(config.http.publicBaseUrl).hostname];
  }

  async check(command: InitiatePaymentCommand): Promise<CheckedInitiation> {
    const bank = await this.bankOf(command.input);
    const now = this.clock.now();
    const requested = await this.extensions.withSettlementCreditor(
      this.settlementAccounts,
      command.member.memberId,
      command.input,
    );
    const input = checkInitiationAgainstContext(requested, {
      bank: bank === null ? undefined : initiationBankOf(bank),
      member: { regulated: command.member.regulated },
      ownHosts: this.ownHosts,
      today: now.toISOString().slice(0, 10),
    });
    await this.onBehalfOf.check(command.member, input.onBehalfOfId, 'initiation.onBehalfOfId');
    const debtor = await this.debtorAccounts.debtorFor(command.member.memberId, input);
    const draft = draftPayment(command.member.memberId, input, now, this.rules);
    return { bank, now, debtor, draft };
  }

  private async bankOf(input: PaymentInitiationInput): Promise<Bank | null> {
    if (input.bankId === undefined) return null;
    const bank = await this.banks.find(input.bankId);
    if (bank === null || !bank.listed)
      throw GatewayError.invalidField(
        'initiation.bankId',
        `initiation.bankId ${input.bankId} is not a bank of the catalogue.`,
      );
    return bank;
  }
}
