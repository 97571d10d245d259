import type pg from 'pg';
import { defineRowShape, rowInserter, type NewRowEvent, type NewRowTimer } from '../row-writes/index.js';
import { TOKEN_REQUEST_STATUS, type TokenRequest } from './token-request-row.js';

/** Every column of `token_request` with its TokenRequest field, in table order. */
export const TOKEN_REQUEST_SHAPE = defineRowShape<TokenRequest>({
  table: 'token_request',
  columns: [
    { column: 'id', field: 'id', kind: 'plain' },
    { column: 'member_id', field: 'memberId', kind: 'plain' },
    { column: 'kind', field: 'kind', kind: 'plain' },
    { column: 'ref_id', field: 'refId', kind: 'plain' },
    { column: 'request_options', field: 'requestOptions', kind: 'plain' },
    { column: 'request_payload', field: 'requestPayload', kind: 'plain' },
    { column: 'bank_id', field: 'bankId', kind: 'plain', initial: null },
    { column: 'status', field: 'status', kind: 'plain', parse: TOKEN_REQUEST_STATUS.parse },
    { column: 'status_reason_information', field: 'statusReasonInformation', kind: 'plain', initial: null },
    { column: 'authorization', field: 'authorization', kind: 'plain', initial: null },
    { column: 'bank_consent_id', field: 'bankConsentId', kind: 'plain', initial: null },
    { column: 'bank_continuation', field: 'bankContinuation', kind: 'plain', initial: null },
    { column: 'callback_token', field: 'callbackToken', kind: 'plain' },
    { column: 'nonce', field: 'nonce', kind: 'plain' },
    { column: 'token_id', field: 'tokenId', kind: 'plain', initial: null },
    { column: 'transfer_id', field: 'transferId', kind: 'plain', initial: null },
    { column: 'standing_order_submission_id', field: 'standingOrderSubmissionId', kind: 'plain', initial: null },
    { column: 'signature', field: 'signature', kind: 'plain', initial: null },
    { column: 'expires_at', field: 'expiresAt', kind: 'timestamp' },
    { column: 'version', field: 'version', kind: 'plain', initial: 0, alwaysInitial: true },
    { column: 'created_at', field: 'createdAt', kind: 'timestamp' },
    { column: 'updated_at', field: 'updatedAt', kind: 'timestamp' },
    { column: 'converted_execution_date', field: 'convertedExecutionDate', kind: 'plain', initial: null },
    { column: 'settlement_creditor', field: 'settlementCreditor', kind: 'plain', initial: null },
  ],
});

/**
 * The creation of token requests (POST /token-requests) as one statement on the pool Prisma
 * shares, produced from the token request's row shape: the rows with their events and timers,
 * one implicit transaction; creations that arrive together share a statement, a failing one
 * fails alone. TokenRequestRepository.insertWithTimer is its only caller.
 */
const storeTokenRequest = rowInserter(TOKEN_REQUEST_SHAPE, {
  name: 'token_request.insert_with_events',
  batching: { maxInFlight: 2, maxBatch: 64 },
});

/** Stores a new request (as tokenRequestFromNew gives it) with its events and its timer: all or nothing. */
export async function insertTokenRequest(
  pool: pg.Pool,
  row: TokenRequest,
  events: readonly NewRowEvent[],
  timer: NewRowTimer | null,
): Promise<TokenRequest> {
  await storeTokenRequest(pool, { row, events, timer });
  return row;
}
