import { optionalDateTimeAt, type Json } from '../http/ob-body.js';
import { ObieError } from '../http/obie-error.js';

/** OBExternalPermissions1Code. */
export const PERMISSIONS = [
  'ReadAccountsBasic',
  'ReadAccountsDetail',
  'ReadBalances',
  'ReadBeneficiariesBasic',
  'ReadBeneficiariesDetail',
  'ReadDirectDebits',
  'ReadOffers',
  'ReadPAN',
  'ReadParty',
  'ReadPartyPSU',
  'ReadProducts',
  'ReadScheduledPaymentsBasic',
  'ReadScheduledPaymentsDetail',
  'ReadStandingOrdersBasic',
  'ReadStandingOrdersDetail',
  'ReadStatementsBasic',
  'ReadStatementsDetail',
  'ReadTransactionsBasic',
  'ReadTransactionsCredits',
  'ReadTransactionsDebits',
  'ReadTransactionsDetail',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** OBReadConsent1 Data: permissions (with the standard's pairing rule) and optional dates. */
export function validAccountAccessData(data: Json): readonly Permission[] {
  const value: unknown = data['Permissions'];
  if (!Array.isArray(value) || value.length === 0)
    throw ObieError.badRequest(
      'UK.OBIE.Field.Missing',
      'Data.Permissions must list at least one permission.',
      'Data.Permissions',
    );
  const items = value as unknown[];
  const unknown = items.find((item) => typeof item !== 'string' || !(PERMISSIONS as readonly string[]).includes(item));
  if (unknown !== undefined)
    throw ObieError.badRequest(
      'UK.OBIE.Field.Invalid',
      `Unknown permission ${JSON.stringify(unknown)}.`,
      'Data.Permissions',
    );
  const permissions = items as Permission[];
  const basicOrDetail = permissions.includes('ReadTransactionsBasic') || permissions.includes('ReadTransactionsDetail');
  const creditsOrDebits =
    permissions.includes('ReadTransactionsCredits') || permissions.includes('ReadTransactionsDebits');
  if (basicOrDetail !== creditsOrDebits) {
    throw ObieError.badRequest(
      'UK.OBIE.Field.Invalid',
      'ReadTransactionsBasic/Detail must come with ReadTransactionsCredits and/or ReadTransactionsDebits.',
      'Data.Permissions',
    );
  }
  optionalDateTimeAt(data, 'ExpirationDateTime', 'Data.ExpirationDateTime');
  optionalDateTimeAt(data, 'TransactionFromDateTime', 'Data.TransactionFromDateTime');
  optionalDateTimeAt(data, 'TransactionToDateTime', 'Data.TransactionToDateTime');
  return permissions;
}
