import type { Bank, VrpConsent } from '#libs/db';

/** An authorised consent as read, with its bank. */
export interface AuthorisedConsent {
  readonly consent: VrpConsent;
  readonly bank: Bank;
}

/**
 * The authorised VRP consents this process has read lately, with their banks, by member and
 * consent: what a VRP reads before its write and that does not change while the consent is
 * authorised (its bank, currency, creditor, controls and grant). An entry is kept for `ttlMs`;
 * whether the consent is still authorised is never taken from here: the statement that stores a
 * VRP checks it under the consent's lock.
 */
export class AuthorisedConsentCache {
  private readonly entries = new Map<string, { readonly value: AuthorisedConsent; readonly until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  private readonly reading = new Map<string, Promise<AuthorisedConsent>>();

  /**
   * The consent as kept, or as `read` answers it now; the requests that ask for a consent while
   * it is being read share that read.
   */
  async through(
    memberId: string,
    consentId: string,
    now: number,
    read: () => Promise<AuthorisedConsent>,
  ): Promise<AuthorisedConsent> {
    const kept = this.get(memberId, consentId, now);
    if (kept !== undefined) return kept;
    const key = `${memberId}\u0000${consentId}`;
    const pending = this.reading.get(key);
    if (pending !== undefined) return pending;
    const reading = read().finally(() => this.reading.delete(key));
    this.reading.set(key, reading);
    const value = await reading;
    this.keep(value, now);
    return value;
  }

  get(memberId: string, consentId: string, now: number): AuthorisedConsent | undefined {
    const key = `${memberId}\u0000${consentId}`;
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.until > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  keep(value: AuthorisedConsent, now: number): void {
    if (value.consent.status !== 'AUTHORIZED') return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(`${value.consent.memberId}\u0000${value.consent.id}`, { value, until: now + this.ttlMs });
  }
}
