import { Injectable } from '@nestjs/common';
import {
  SEALED_RECORD_KINDS,
  SealedRecordRepository,
  sealedPartOf,
  withSealedPart,
  type SealedRecordKind,
} from '#libs/db';
import { SecretBox } from '#libs/secrets';

/** Rows of one kind looked at per page. */
export const REWRAP_BATCH_SIZE = 200;

/** What a walk did for one kind. */
export interface SealedKindReport {
  readonly purpose: string;
  /** Rows this walk replaced with their value under the current key-encryption key. */
  readonly rewrapped: number;
  /** Rows it could not open (their key-encryption key is not configured, or they do not authenticate). */
  readonly unreadable: readonly { readonly id: string; readonly error: string }[];
}

/**
 * Re-wraps every sealed record of every kind (SEALED_RECORD_KINDS) under the current
 * key-encryption key, and seals values kept plain from a sandbox without one: a page of rows not
 * yet under the current key at a time, each row opened (so only what authenticates is carried
 * over), its data key wrapped anew (the ciphertext stays) and written back only if unchanged
 * meanwhile. Running it twice, or on several workers at once, re-wraps each row once; the others
 * find it changed and leave it. Values in a form the SecretBox did not write (the signing keys'
 * older forms, sealed by their own store at worker start) are left alone.
 */
@Injectable()
export class SealedRecordRewrap {
  constructor(
    private readonly records: SealedRecordRepository,
    private readonly box: SecretBox,
  ) {}

  /** Walks every kind; an empty list when no key-encryption key is configured. */
  async run(batchSize = REWRAP_BATCH_SIZE): Promise<SealedKindReport[]> {
    const current = this.box.currentKekId;
    if (current === undefined) return [];
    const reports: SealedKindReport[] = [];
    for (const kind of SEALED_RECORD_KINDS) reports.push(await this.walk(kind, current, batchSize));
    return reports;
  }

  private async walk(kind: SealedRecordKind, current: string, batchSize: number): Promise<SealedKindReport> {
    let rewrapped = 0;
    const unreadable: { id: string; error: string }[] = [];
    let after = '';
    for (;;) {
      const page = await this.records.notSealedUnder(kind, current, after, batchSize);
      for (const row of page) {
        after = row.id;
        const sealed = sealedPartOf(kind, row.stored);
        if (!this.box.isSecret(sealed) || !this.box.needsReseal(sealed)) continue;
        let next: string;
        try {
          next = await this.box.reseal({ purpose: kind.purpose, recordId: row.id }, sealed);
        } catch (error) {
          if (!(error instanceof Error)) throw error;
          unreadable.push({ id: row.id, error: error.message });
          continue;
        }
        if (await this.records.replace(kind, row.id, row.stored, withSealedPart(kind, row.stored, next)))
          rewrapped += 1;
      }
      if (page.length < batchSize) break;
    }
    return { purpose: kind.purpose, rewrapped, unreadable };
  }
}
