import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { Transactions, VrpConsentRepository } from '#libs/db';
import { vrpConsentTimerAction, type VrpConsentStatus } from '#libs/domain';
import { recordVrpConsentChange, scheduleVrpConsentTimer } from './record-vrp-consent-change.js';

const EXPIRED_REASON = 'The consent was not authorised within 30 minutes of its creation.';

/** The `vrp-consents.expire` job's consent. */
export interface ExpireVrpConsentCommand {
  readonly vrpConsentId: string;
}

/**
 * A consent's lifetime timer fired: one still PENDING (any PENDING status) 30 minutes after its
 * creation becomes FAILED with its event (locked, checked against the status machine); one not
 * yet due keeps its timer (a clock set back); one that has moved on is left alone. Safe to run
 * twice. Answers the consent's status.
 */
@Injectable()
export class ExpireVrpConsentUseCase {
  constructor(
    private readonly transactions: Transactions,
    private readonly consents: VrpConsentRepository,
    private readonly clock: Clock,
  ) {}

  execute({ vrpConsentId }: ExpireVrpConsentCommand): Promise<string> {
    return this.transactions.run(async (tx) => {
      const consent = await this.consents.in(tx).lock(vrpConsentId);
      if (consent === null) return 'gone';
      const now = this.clock.now();
      const action = vrpConsentTimerAction({
        status: consent.status as VrpConsentStatus,
        createdAt: consent.createdAt,
        now,
      });
      if (action !== 'fail') {
        await scheduleVrpConsentTimer(tx, consent);
        return consent.status;
      }
      const result = await recordVrpConsentChange(tx, consent, {
        status: 'FAILED',
        updatedAt: now,
        statusReasonInformation: EXPIRED_REASON,
        authentication: null,
      });
      return result.kind === 'stale' ? consent.status : result.consent.status;
    });
  }
}
