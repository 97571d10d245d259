import { randomBytes } from 'node:crypto';
import type { NewWebhookSecret, WebhookSecretRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import type { SecretBox } from '#libs/secrets';
import type { SealReport } from './signing-key-store.js';
import { generateWebhookSecret, webhookSecretKey } from './webhook-secret.js';

/** What a webhook secret is sealed for: the row's id is the record id. */
const PURPOSE = 'webhook_secret.secret';

/** How long a rotated-away secret keeps signing when the rotation names no overlap. */
export const DEFAULT_SECRET_OVERLAP_SECONDS = 24 * 3600;
/** The longest overlap a rotation may ask for. */
export const MAX_SECRET_OVERLAP_SECONDS = 7 * 24 * 3600;

/** A secret made for one configuration: the `whsec_` value to show once, and what is stored. */
export interface IssuedWebhookSecret {
  readonly secret: string;
  readonly stored: NewWebhookSecret;
}

/**
 * The `whsec_` secrets of webhook configurations (Standard Webhooks symmetric `v1` signatures):
 * made here, stored sealed by the SecretBox (the row id bound as associated data), opened only
 * to sign a delivery. The plain secret leaves the gateway once, in the response that issued it.
 */
export class WebhookSecretStore {
  constructor(
    private readonly secrets: WebhookSecretRepository,
    private readonly box: SecretBox,
  ) {}

  /** A fresh secret and its sealed row (stored by the caller's transaction). */
  async issue(): Promise<IssuedWebhookSecret> {
    const id = `whs_${randomBytes(16).toString('base64url')}`;
    const secret = generateWebhookSecret();
    return { secret, stored: { id, secret: await this.box.seal({ purpose: PURPOSE, recordId: id }, secret) } };
  }

  /**
   * A new secret for the member's configuration; the ones signing now keep signing for
   * `overlapSeconds` more. Undefined when the member has no configuration.
   */
  async rotate(
    memberId: MemberId,
    overlapSeconds: number,
    now: Date,
  ): Promise<{ secret: string; previousSecretsExpireAt: Date } | undefined> {
    const issued = await this.issue();
    const overlapEndsAt = new Date(now.getTime() + overlapSeconds * 1000);
    if (!(await this.secrets.rotate(memberId, issued.stored, now, overlapEndsAt))) return undefined;
    return { secret: issued.secret, previousSecretsExpireAt: overlapEndsAt };
  }

  /** HMAC keys of the member's secrets that sign at `now`, newest first (none: no `v1` signature). */
  async signingKeys(memberId: string, now: Date): Promise<Buffer[]> {
    const rows = await this.secrets.signing(memberId, now);
    return Promise.all(
      rows.map(async (row) =>
        webhookSecretKey(await this.box.openText({ purpose: PURPOSE, recordId: row.id }, row.secret)),
      ),
    );
  }

  /**
   * Seals under the current key-encryption key every secret stored unsealed (a sandbox without
   * one) and re-wraps those wrapped under a previous one. A secret that cannot be opened is
   * reported, not changed.
   */
  async sealStored(): Promise<SealReport> {
    if (!this.box.encrypts) return { resealed: [], unreadable: [] };
    const resealed: string[] = [];
    const unreadable: Array<{ kid: string; error: string }> = [];
    for (const row of await this.secrets.all()) {
      if (!this.box.needsReseal(row.secret)) continue;
      let sealed: string;
      try {
        sealed = await this.box.reseal({ purpose: PURPOSE, recordId: row.id }, row.secret);
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        unreadable.push({ kid: row.id, error: error.message });
        continue;
      }
      if (await this.secrets.replaceSecret(row.id, row.secret, sealed)) resealed.push(row.id);
    }
    return { resealed, unreadable };
  }
}
