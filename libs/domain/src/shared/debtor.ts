import type { PaymentDebtor, RequestedLocalInstrument } from './payment-fields.js';
import { ACCOUNT_FIELDS, checkAccountForRail, type AccountCheckOptions } from './account-for-rail.js';
import { fieldProblem, type FieldProblem } from './field-problem.js';

/** Debtor fields besides tokenizedAccountId, in the order problems are reported. */
const DEBTOR_DETAIL_FIELDS: readonly (keyof PaymentDebtor)[] = [
  'name',
  'ultimateDebtorName',
  'address',
  ...ACCOUNT_FIELDS,
];

/**
 * A debtor is either an Account on File reference (`tokenizedAccountId` alone) or account
 * details whose identifiers fit the rail; never both. Paths are relative to the debtor.
 */
export function checkDebtor(
  debtor: PaymentDebtor,
  rail: RequestedLocalInstrument,
  options: Omit<AccountCheckOptions, 'role'> = {},
): FieldProblem[] {
  if (debtor.tokenizedAccountId !== undefined) {
    return DEBTOR_DETAIL_FIELDS.filter((field) => debtor[field] !== undefined).map((field) =>
      fieldProblem(
        field,
        'must not be given with tokenizedAccountId: the debtor is an Account on File reference or account details, never both',
      ),
    );
  }
  return checkAccountForRail(debtor, rail, { ...options, role: 'debtor' });
}

export function isAccountOnFile(debtor: PaymentDebtor): boolean {
  return debtor.tokenizedAccountId !== undefined;
}
