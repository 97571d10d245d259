import { checkBic } from '../shared/bic.js';
import { fieldProblem, type FieldProblem } from '../shared/field-problem.js';
import { checkIban } from '../shared/iban.js';
import { checkSortCode, checkUkAccountNumber } from '../shared/uk-account.js';
import { checkText } from '../shared/reference-text.js';

/** The reference's Creditor as a rule's payee account. */
export interface PayeeAccount {
  readonly name?: string;
  readonly ultimateCreditorName?: string;
  readonly bankName?: string;
  readonly iban?: string;
  readonly bic?: string;
  readonly sortCode?: string;
  readonly accountNumber?: string;
}

export const PAYEE_NAME_MAX_LENGTH = 140;

/**
 * A payee account as payouts take a creditor: the holder's name, and either an IBAN (ISO 13616,
 * mod-97) with a BIC of 8 or 11 characters, or a UK sort code (6 digits) with an account number
 * (8 digits); not both kinds. Paths are relative to the payee object.
 */
export function checkPayeeAccount(payee: PayeeAccount): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (payee.name === undefined) problems.push(fieldProblem('name', 'is required', 'required'));
  for (const field of ['name', 'ultimateCreditorName', 'bankName'] as const) {
    const value = payee[field];
    const problem = value === undefined ? undefined : checkText(value, PAYEE_NAME_MAX_LENGTH);
    if (problem !== undefined) problems.push(fieldProblem(field, problem));
  }
  const byIban = payee.iban !== undefined || payee.bic !== undefined;
  const byUk = payee.sortCode !== undefined || payee.accountNumber !== undefined;
  if (byIban && byUk) {
    problems.push(
      fieldProblem('iban', 'must not be given with sortCode and accountNumber: a payee is an IBAN or a UK account'),
    );
    return problems;
  }
  if (!byIban && !byUk) {
    problems.push(fieldProblem('iban', 'is required (with bic), or sortCode with accountNumber', 'required'));
    return problems;
  }
  if (byIban) {
    if (payee.iban === undefined) problems.push(fieldProblem('iban', 'is required with bic', 'required'));
    else {
      const problem = checkIban(payee.iban);
      if (problem !== undefined) problems.push(fieldProblem('iban', problem));
    }
    if (payee.bic === undefined) problems.push(fieldProblem('bic', 'is required with iban', 'required'));
    else {
      const problem = checkBic(payee.bic);
      if (problem !== undefined) problems.push(fieldProblem('bic', problem));
    }
    return problems;
  }
  if (payee.sortCode === undefined)
    problems.push(fieldProblem('sortCode', 'is required with accountNumber', 'required'));
  else {
    const problem = checkSortCode(payee.sortCode);
    if (problem !== undefined) problems.push(fieldProblem('sortCode', problem));
  }
  if (payee.accountNumber === undefined)
    problems.push(fieldProblem('accountNumber', 'is required with sortCode', 'required'));
  else {
    const problem = checkUkAccountNumber(payee.accountNumber);
    if (problem !== undefined) problems.push(fieldProblem('accountNumber', problem));
  }
  return problems;
}
