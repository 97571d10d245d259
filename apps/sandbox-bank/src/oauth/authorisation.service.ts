import { Injectable } from '@nestjs/common';
import { AccountStore } from '../store/account.store.js';
import { ConsentStore, type Consent } from '../store/consent.store.js';

function requestedDebtorIdentification(consent: Consent): string | undefined {
  const request = consent.request as { Data?: { Initiation?: { DebtorAccount?: { Identification?: unknown } } } };
  const identification = request.Data?.Initiation?.DebtorAccount?.Identification;
  return typeof identification === 'string' ? identification : undefined;
}

/** What the user's decision does to a consent, whichever way (redirect or decoupled) it came. */
@Injectable()
export class AuthorisationService {
  constructor(
    private readonly consents: ConsentStore,
    private readonly accounts: AccountStore,
  ) {}

  /**
   * Authorises the consent for `username`, paying from the account the TPP named or else the
   * current account. A named account the user does not hold rejects the consent, as the
   * standard asks. Returns the consent's status afterwards.
   */
  async approve(consent: Consent, username: string): Promise<'Authorised' | 'Rejected' | 'Unchanged'> {
    const held = await this.accounts.ensureAccounts(consent.bankId, username);
    const wanted = requestedDebtorIdentification(consent);
    const debtor = wanted === undefined ? held[0] : held.find((account) => account.identification === wanted);
    if (debtor === undefined) {
      return (await this.consents.transition(consent.id, 'AwaitingAuthorisation', 'Rejected', { username }))
        ? 'Rejected'
        : 'Unchanged';
    }
    const changes = consent.kind === 'account-access' ? { username } : { username, debtorAccountId: debtor.id };
    return (await this.consents.transition(consent.id, 'AwaitingAuthorisation', 'Authorised', changes))
      ? 'Authorised'
      : 'Unchanged';
  }

  async deny(consent: Consent): Promise<void> {
    await this.consents.transition(consent.id, 'AwaitingAuthorisation', 'Rejected');
  }
}
