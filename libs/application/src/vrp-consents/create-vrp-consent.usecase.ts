import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, GatewayError, type AppConfig } from '#libs/common';
import { BankRepository, Transactions, type Bank, type NewVrpConsent, type Prisma } from '#libs/db';
import {
  UK_BANK_TIME_ZONE,
  checkVrpConsentContext,
  newId,
  randomBase58,
  vrpBankTimeZone,
  type MemberId,
  type VrpConsentInitiationInput,
} from '#libs/domain';
import { initiationBankOf } from '../payments/initiation-bank.js';
import { initiationError } from '../payments/initiation-error.js';
import { OnBehalfOfCheck } from '../sub-tpps/on-behalf-of-check.js';
import { hostedVrpConsentPath } from './hosted-vrp-consent-path.js';
import { storeNewVrpConsent } from './record-vrp-consent-change.js';
import { VrpConsentProgression } from './vrp-consent-progression.js';
import { renderVrpConsent, type VrpConsentResource } from './vrp-consent-view.js';

export interface CreateVrpConsentCommand {
  readonly member: { readonly memberId: MemberId; readonly regulated: boolean };
  readonly input: VrpConsentInitiationInput;
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

/**
 * POST /vrp-consents. Checks the consent against the member, the clock and the bank; stores it
 * (with its VRP_CONSENT_STATUS_CHANGED creation event and its 30-minute timer) and then either
 * sends the user to the hosted bank selection (no bankId: PENDING_MORE_INFO) or asks the bank,
 * whose answer sends the user to it (PENDING_REDIRECT_AUTH). A bank error ends the consent and is
 * the answer.
 */
@Injectable()
export class CreateVrpConsentUseCase {
  private readonly ownHosts: readonly string[];

  constructor(
    private readonly transactions: Transactions,
    private readonly banks: BankRepository,
    private readonly onBehalfOf: OnBehalfOfCheck,
    private readonly progression: VrpConsentProgression,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.ownHosts = [new URL(config.http.publicBaseUrl).hostname];
  }

  async execute(command: CreateVrpConsentCommand): Promise<VrpConsentResource> {
    const { input, member } = command;
    const bank = await this.bankOf(input.bankId);
    const now = this.clock.now();
    const problems = checkVrpConsentContext(input, {
      now,
      member,
      ownHosts: this.ownHosts,
      ...(bank === null ? {} : { bank: initiationBankOf(bank) }),
    });
    if (problems.length > 0) throw initiationError(problems);
    await this.onBehalfOf.check(member, input.onBehalfOfId, 'initiation.onBehalfOfId');
    // A bank whose connector has no VRP is refused (501) before anything is stored.
    if (bank !== null) this.progression.capabilityOf(bank);

    const row = this.draft(member.memberId, input, bank, now);
    const stored = await this.transactions.run((tx) => storeNewVrpConsent(tx, row, now));
    if (bank === null) return renderVrpConsent(stored);
    const consent = await this.progression.startAtBank(
      stored,
      bank,
      this.progression.callContext(bank.id, command.traceId, command.psuIpAddress),
    );
    return renderVrpConsent(consent);
  }

  private async bankOf(bankId: string | undefined): Promise<Bank | null> {
    if (bankId === undefined) return null;
    const bank = await this.banks.find(bankId);
    if (bank === null || !bank.listed)
      throw GatewayError.invalidField(
        'initiation.bankId',
        `initiation.bankId ${bankId} is not a bank of the catalogue.`,
      );
    return bank;
  }

  private draft(memberId: MemberId, input: VrpConsentInitiationInput, bank: Bank | null, now: Date): NewVrpConsent {
    const callbackToken = randomBase58(32);
    const start = input.startDateTime === undefined ? now : new Date(input.startDateTime);
    const initiation: VrpConsentInitiationInput = { ...input, startDateTime: input.startDateTime ?? now.toISOString() };
    return {
      id: newId('vc'),
      memberId,
      status: bank === null ? 'PENDING_MORE_INFO' : 'PENDING',
      bankId: bank?.id ?? null,
      initiation: JSON.parse(JSON.stringify(initiation)) as Prisma.InputJsonValue,
      refId: input.refId,
      scheme: input.scheme,
      localInstrument: input.localInstrument,
      currency: input.currency,
      minimumIndividualAmount: input.minimumIndividualAmount ?? null,
      maximumIndividualAmount: input.maximumIndividualAmount,
      periodicLimits: JSON.parse(JSON.stringify(input.periodicLimits)) as Prisma.InputJsonValue,
      maximumOccurrences: input.maximumOccurrences ?? 0,
      startDateTime: start,
      endDateTime: input.endDateTime === undefined ? null : new Date(input.endDateTime),
      bankTimeZone: bank === null ? UK_BANK_TIME_ZONE : vrpBankTimeZone(bank.countries),
      onBehalfOfId: input.onBehalfOfId ?? null,
      callbackToken,
      authentication:
        bank === null
          ? { redirectUrl: `${this.config.http.publicBaseUrl}${hostedVrpConsentPath(callbackToken)}` }
          : undefined,
      createdAt: now,
      updatedAt: now,
    };
  }
}
