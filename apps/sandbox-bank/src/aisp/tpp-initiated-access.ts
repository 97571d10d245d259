import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';

const WINDOW_MS = 24 * 60 * 60 * 1000;

/** Account-information reads a consent may make without the user present in 24 hours. */
export const TPP_INITIATED_READS_PER_DAY = 4;

/**
 * The sandbox bank's count of account-information reads per consent: every read, and those made
 * without the user present (no x-fapi-customer-ip-address / PSU-IP-Address), of which it allows
 * a scenario user's consent four in a rolling 24 hours on the sandbox clock (other usernames are
 * counted, not limited). Kept in this process's memory.
 */
@Injectable()
export class TppInitiatedAccess {
  private readonly reads = new Map<string, { total: number; tppInitiated: number[] }>();

  constructor(private readonly clock: Clock) {}

  /** Counts one read: false when it is TPP-initiated and the day's allowance is used (the read is then refused). */
  admit(bankId: string, consentId: string, userPresent: boolean, limited: boolean): boolean {
    const now = this.clock.nowMs();
    const key = `${bankId}|${consentId}`;
    const known = this.reads.get(key) ?? { total: 0, tppInitiated: [] };
    known.tppInitiated = known.tppInitiated.filter((at) => at > now - WINDOW_MS);
    this.reads.set(key, known);
    if (userPresent) {
      known.total += 1;
      return true;
    }
    if (limited && known.tppInitiated.length >= TPP_INITIATED_READS_PER_DAY) return false;
    known.total += 1;
    known.tppInitiated.push(now);
    return true;
  }

  /** Reads served for the consent: all of them, and the TPP-initiated ones in the last 24 hours. */
  counts(bankId: string, consentId: string): { readonly total: number; readonly tppInitiated: number } {
    const known = this.reads.get(`${bankId}|${consentId}`);
    const now = this.clock.nowMs();
    return {
      total: known?.total ?? 0,
      tppInitiated: known?.tppInitiated.filter((at) => at > now - WINDOW_MS).length ?? 0,
    };
  }
}
