import type pg from 'pg';
import { GET_IDS } from '../payments/settings.js';

/**
 * GET_IDS tokens (each with the PROCESSED token request it came from) and GET_IDS VRP consents
 * (AUTHORISED, no grant kept) of the bench member, written straight into the tables: the GET
 * routes are measured, not the flows that make them. Answers their ids.
 */
export async function seedTokensAndVrpConsents(
  db: pg.Client,
  memberName: string,
): Promise<{ readonly tokenIds: string[]; readonly vrpConsentIds: string[] }> {
  const member = await db.query<{ id: string }>('SELECT id FROM member WHERE name = $1', [memberName]);
  const memberId = member.rows[0]?.id;
  if (memberId === undefined) throw new Error(`no member named ${memberName}`);
  await db.query(
    `INSERT INTO token_request (id, member_id, kind, ref_id, request_options, request_payload, bank_id, status,
       callback_token, nonce, token_id, expires_at, created_at, updated_at)
     SELECT 'rq:bench-read-' || n, $1, 'ACCESS', 'bench-read-' || n, '{}',
       jsonb_build_object('refId', 'bench-read-' || n, 'to', jsonb_build_object('id', $1::text)),
       'ob-sandbox-gb', 'PROCESSED', 'bench-read-callback-' || n, 'nonce', 'tt:bench-read-' || n, now(), now(), now()
     FROM generate_series(1, $2::int) AS n`,
    [memberId, GET_IDS],
  );
  const tokens = await db.query<{ id: string }>(
    `INSERT INTO token (id, member_id, token_request_id, kind, status, bank_id, payload, created_at, updated_at)
     SELECT 'tt:bench-read-' || n, $1, 'rq:bench-read-' || n, 'ACCESS', 'ACTIVE', 'ob-sandbox-gb',
       jsonb_build_object('version', '1.0', 'refId', 'bench-read-' || n, 'from', jsonb_build_object('id', $1::text),
         'to', jsonb_build_object('id', $1::text), 'tokenRequestId', 'rq:bench-read-' || n,
         'effectiveAtMs', '1795000000000', 'initiatorId', $1::text,
         'access', jsonb_build_object('resources', jsonb_build_array(jsonb_build_object('account', '{}'::jsonb)))),
       now(), now()
     FROM generate_series(1, $2::int) AS n
     RETURNING id`,
    [memberId, GET_IDS],
  );
  const consents = await db.query<{ id: string }>(
    `INSERT INTO vrp_consent (id, member_id, status, bank_id, initiation, ref_id, scheme, local_instrument, currency,
       maximum_individual_amount, periodic_limits, start_date_time, bank_time_zone, callback_token, bank_consent_id,
       bank_consent_status, created_at, updated_at)
     SELECT 'vc:bench-read-' || n, $1, 'AUTHORIZED', 'ob-sandbox-gb',
       jsonb_build_object('bankId', 'ob-sandbox-gb', 'refId', 'bench-read-' || n, 'currency', 'GBP',
         'localInstrument', 'FASTER_PAYMENTS', 'scheme', 'OBL_SWEEPING', 'maximumIndividualAmount', '100.00',
         'periodicLimits', jsonb_build_array(jsonb_build_object('maximumAmount', '1000.00', 'periodType', 'MONTH',
           'periodAlignment', 'CALENDAR')),
         'creditor', jsonb_build_object('name', 'Merchant Ltd', 'sortCode', '040004', 'accountNumber', '12345678'),
         'callbackUrl', 'https://tpp.example/vrp/callback'),
       'bench-read-' || n, 'OBL_SWEEPING', 'FASTER_PAYMENTS', 'GBP', 100.00,
       jsonb_build_array(jsonb_build_object('maximumAmount', '1000.00', 'periodType', 'MONTH', 'periodAlignment', 'CALENDAR')),
       now(), 'Europe/London', 'bench-read-vrp-callback-' || n, 'bank-vrp-consent-' || n, 'Authorised', now(), now()
     FROM generate_series(1, $2::int) AS n
     RETURNING id`,
    [memberId, GET_IDS],
  );
  return { tokenIds: tokens.rows.map((row) => row.id), vrpConsentIds: consents.rows.map((row) => row.id) };
}
