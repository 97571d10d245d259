import { Injectable } from '@nestjs/common';
import type { TokenStatus } from '#libs/domain';
import { Repository } from '../repository.js';
import { TOKEN_STATUS } from '../tokens/token-row.js';

/**
 * What an account-information read checks before anything else: the member's token and the
 * bank settings the read depends on. The sealed grant is carried, not opened.
 */
export interface AisConsentRow {
  readonly tokenId: string;
  readonly memberId: string;
  readonly kind: string;
  /** The token's status, checked as read. */
  readonly status: TokenStatus;
  readonly expiresAt: Date | null;
  readonly bankId: string;
  /** The token payload's `access.resources` (AccessBodyResource objects), or null. */
  readonly resources: unknown;
  readonly sealedGrant: string | null;
  /** The bank's feature flags (Record<BankFeature, boolean>), null when the bank is not stored. */
  readonly features: unknown;
  readonly tppInitiatedDailyLimit: number | null;
}

/** The row as the statement reads it, before its status is checked. */
type StoredAisConsentRow = Omit<AisConsentRow, 'status'> & { readonly status: string };

const SELECT_CONSENT = `SELECT t.id AS "tokenId", t.member_id AS "memberId", t.kind, t.status, t.expires_at AS "expiresAt",
    t.bank_id AS "bankId", t.payload -> 'access' -> 'resources' AS resources, t.sealed_grant AS "sealedGrant",
    b.features, b.tpp_initiated_daily_limit AS "tppInitiatedDailyLimit"
  FROM token t LEFT JOIN bank b ON b.id = t.bank_id
  WHERE t.id = $1 AND t.member_id = $2`;

/**
 * The consent of every account-information read, in one statement (token and bank), run on the
 * pool as a named prepared statement: it is on the path of every read, kept ones included.
 */
@Injectable()
export class AisConsentRepository extends Repository {
  /** The member's token with its bank's settings, or null (also for another member's token). */
  async findForMember(memberId: string, tokenId: string): Promise<AisConsentRow | null> {
    const pool = 'pool' in this.db ? this.db.pool : undefined;
    if (pool === undefined) {
      const rows = await this.db.$queryRawUnsafe<StoredAisConsentRow[]>(SELECT_CONSENT, tokenId, memberId);
      return TOKEN_STATUS.rowOrNull(rows[0] ?? null);
    }
    const result = await pool.query<StoredAisConsentRow>({
      name: 'ais-consent-for-member',
      text: SELECT_CONSENT,
      values: [tokenId, memberId],
    });
    return TOKEN_STATUS.rowOrNull(result.rows[0] ?? null);
  }
}
