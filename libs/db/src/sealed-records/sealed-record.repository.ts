import { Repository } from '../repository.js';
import type { SealedRecordKind } from './sealed-record-kinds.js';

/** One stored row of a sealed record kind: its record id and the column as stored. */
export interface SealedRecordRow {
  readonly id: string;
  readonly stored: string;
}

/**
 * The rows of every sealed record kind, for a key rotation: pages of rows whose value is not yet
 * sealed under a given key-encryption key, and a replacement that only applies to an unchanged
 * row. Table and column names come from SEALED_RECORD_KINDS, never from input.
 */
export class SealedRecordRepository extends Repository {
  /**
   * Up to `take` rows of `kind` after `afterId` (id order) whose column does not hold a value
   * sealed under `currentKekId` (`enc:v2:<currentKekId>:`), so plain values, values under another
   * key and older forms.
   */
  notSealedUnder(
    kind: SealedRecordKind,
    currentKekId: string,
    afterId: string,
    take: number,
  ): Promise<SealedRecordRow[]> {
    return this.db.$queryRawUnsafe<SealedRecordRow[]>(
      `SELECT "${kind.idColumn}" AS id, "${kind.column}" AS stored FROM "${kind.table}"
        WHERE "${kind.idColumn}" > $1 AND "${kind.column}" IS NOT NULL AND strpos("${kind.column}", $2) = 0
        ORDER BY "${kind.idColumn}" LIMIT $3`,
      afterId,
      `enc:v2:${currentKekId}:`,
      take,
    );
  }

  /** Replaces the row's value only if it is still `expected` (a concurrent re-wrap, rotation or delete wins). */
  async replace(kind: SealedRecordKind, id: string, expected: string, next: string): Promise<boolean> {
    const updated = await this.db.$executeRawUnsafe(
      `UPDATE "${kind.table}" SET "${kind.column}" = $3 WHERE "${kind.idColumn}" = $1 AND "${kind.column}" = $2`,
      id,
      expected,
      next,
    );
    return updated === 1;
  }
}
