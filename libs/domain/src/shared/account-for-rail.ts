import type {
  PaymentAccountFields,
  PaymentFlowType,
  PaymentLocalInstrument,
  RequestedLocalInstrument,
} from './payment-fields.js';
import { checkBban, checkClearingNumber } from './bban.js';
import { checkBic } from './bic.js';
import { fieldProblem, type FieldProblem } from './field-problem.js';
import { checkBankgiroNumber, checkPlusgiroNumber } from './giro-numbers.js';
import { checkIban, ibanCountry, isSepaCountry } from './iban.js';
import { checkPolishAccountNumber } from './polish-account-number.js';
import { checkSortCode, checkUkAccountNumber } from './uk-account.js';

export type AccountField = keyof PaymentAccountFields;
export type AccountRole = 'creditor' | 'debtor';

/** Every account identifier field, in the order problems are reported. */
export const ACCOUNT_FIELDS: readonly AccountField[] = [
  'iban',
  'bic',
  'sortCode',
  'accountNumber',
  'bban',
  'clearingNumber',
  'bankgiroNumber',
  'plusgiroNumber',
];
/** The fields that identify an account by themselves (bic and clearingNumber only qualify one). */
export const IDENTIFIER_FIELDS: readonly AccountField[] = [
  'iban',
  'sortCode',
  'accountNumber',
  'bban',
  'bankgiroNumber',
  'plusgiroNumber',
];

const SEPA_FIELDS: readonly AccountField[] = ['iban', 'bic'];
const NON_EURO_FIELDS: readonly AccountField[] = ['iban', 'bban', 'bic', 'clearingNumber'];

/** The identifier fields each rail takes, per side (the reference spec's account schemas). */
export const RAIL_ACCOUNT_FIELDS: Readonly<
  Record<PaymentLocalInstrument, Readonly<Record<AccountRole, readonly AccountField[]>>>
> = {
  SEPA: { creditor: SEPA_FIELDS, debtor: SEPA_FIELDS },
  SEPA_INSTANT: { creditor: SEPA_FIELDS, debtor: SEPA_FIELDS },
  FASTER_PAYMENTS: { creditor: ['sortCode', 'accountNumber'], debtor: ['sortCode', 'accountNumber'] },
  ELIXIR: { creditor: ['iban', 'accountNumber', 'bic'], debtor: ['iban', 'bic'] },
  EU_DOMESTIC_NON_EURO: { creditor: NON_EURO_FIELDS, debtor: NON_EURO_FIELDS },
  EU_DOMESTIC_NON_EURO_INSTANT: { creditor: NON_EURO_FIELDS, debtor: NON_EURO_FIELDS },
  BANKGIRO: { creditor: ['bankgiroNumber', 'bic'], debtor: ['bankgiroNumber', 'bic'] },
  PLUSGIRO: { creditor: ['plusgiroNumber', 'bic'], debtor: ['plusgiroNumber', 'bic'] },
};

const RAIL_TAKES: Readonly<Record<PaymentLocalInstrument, Readonly<Record<AccountRole, string>>>> = {
  SEPA: { creditor: 'iban and an optional bic', debtor: 'iban and an optional bic' },
  SEPA_INSTANT: { creditor: 'iban and an optional bic', debtor: 'iban and an optional bic' },
  FASTER_PAYMENTS: { creditor: 'sortCode and accountNumber', debtor: 'sortCode and accountNumber' },
  ELIXIR: { creditor: 'iban or accountNumber, and an optional bic', debtor: 'iban and an optional bic' },
  EU_DOMESTIC_NON_EURO: {
    creditor: 'iban or bban, an optional bic, and clearingNumber with bban',
    debtor: 'iban or bban, an optional bic, and clearingNumber with bban',
  },
  EU_DOMESTIC_NON_EURO_INSTANT: {
    creditor: 'iban or bban, an optional bic, and clearingNumber with bban',
    debtor: 'iban or bban, an optional bic, and clearingNumber with bban',
  },
  BANKGIRO: { creditor: 'bankgiroNumber and an optional bic', debtor: 'bankgiroNumber and an optional bic' },
  PLUSGIRO: { creditor: 'plusgiroNumber and an optional bic', debtor: 'plusgiroNumber and an optional bic' },
};

/** What the rest of the initiation decides about an account's form. */
export interface AccountCheckOptions {
  readonly role: AccountRole;
  readonly currency?: string;
  readonly bankId?: string;
  readonly flowType?: PaymentFlowType;
}

function given(account: PaymentAccountFields, field: AccountField): boolean {
  return account[field] !== undefined;
}

/** The field's own format; where the rail matters (account number, IBAN country) it is taken into account. */
function formatProblem(
  field: AccountField,
  value: string,
  rail: RequestedLocalInstrument,
  account: PaymentAccountFields,
): string | undefined {
  switch (field) {
    case 'iban': {
      const problem = checkIban(value);
      if (problem !== undefined) return problem;
      const country = ibanCountry(value);
      if ((rail === 'SEPA' || rail === 'SEPA_INSTANT') && !isSepaCountry(country))
        return `must be an IBAN of a SEPA country for ${rail}; ${country} is not one`;
      if (rail === 'ELIXIR' && country !== 'PL')
        return `must be a Polish (PL) IBAN for ELIXIR; it is a ${country} IBAN`;
      return undefined;
    }
    case 'bic':
      return checkBic(value);
    case 'sortCode':
      return checkSortCode(value);
    case 'accountNumber':
      if (rail === 'FASTER_PAYMENTS') return checkUkAccountNumber(value);
      if (rail === 'ELIXIR') return checkPolishAccountNumber(value);
      // AUTO_SELECT: with a sort code it is a UK account, alone a Polish one (the two schemas that have it).
      return given(account, 'sortCode') ? checkUkAccountNumber(value) : checkPolishAccountNumber(value);
    case 'bban':
      return checkBban(value);
    case 'clearingNumber':
      return checkClearingNumber(value);
    case 'bankgiroNumber':
      return checkBankgiroNumber(value);
    case 'plusgiroNumber':
      return checkPlusgiroNumber(value);
  }
}

/** SEK/NOK through the hosted pages without a bank: the creditor may carry iban and bban both. */
function allowsIbanWithBban(options: AccountCheckOptions): boolean {
  return (
    options.role === 'creditor' &&
    (options.currency === 'SEK' || options.currency === 'NOK') &&
    options.bankId === undefined &&
    options.flowType === 'FULL_HOSTED_PAGES'
  );
}

function railCombination(
  account: PaymentAccountFields,
  rail: PaymentLocalInstrument,
  options: AccountCheckOptions,
): FieldProblem[] {
  const has = (field: AccountField): boolean => given(account, field);
  const required = (field: AccountField, alternative = ''): FieldProblem =>
    fieldProblem(field, `is required for ${rail}${alternative}`, 'required');
  switch (rail) {
    case 'SEPA':
    case 'SEPA_INSTANT':
      return has('iban') ? [] : [required('iban')];
    case 'FASTER_PAYMENTS':
      return [
        ...(has('sortCode') ? [] : [required('sortCode')]),
        ...(has('accountNumber') ? [] : [required('accountNumber')]),
      ];
    case 'ELIXIR':
      if (options.role === 'debtor') return has('iban') ? [] : [required('iban')];
      if (has('iban') && has('accountNumber'))
        return [fieldProblem('accountNumber', 'must not be given together with iban: ELIXIR takes one of them')];
      return has('iban') || has('accountNumber')
        ? []
        : [required('iban', ', or accountNumber (a 26-digit Polish account number)')];
    case 'EU_DOMESTIC_NON_EURO':
    case 'EU_DOMESTIC_NON_EURO_INSTANT': {
      const problems: FieldProblem[] = [];
      if (!has('iban') && !has('bban')) problems.push(required('iban', ', or bban'));
      if (has('iban') && has('bban') && !allowsIbanWithBban(options)) {
        problems.push(
          fieldProblem(
            'bban',
            'must not be given together with iban (both only for a SEK or NOK creditor through the hosted pages without a bankId)',
          ),
        );
      }
      if (has('clearingNumber') && !has('bban'))
        problems.push(
          fieldProblem('clearingNumber', 'needs bban: a clearing number qualifies a domestic account number'),
        );
      return problems;
    }
    case 'BANKGIRO':
      return has('bankgiroNumber') ? [] : [required('bankgiroNumber')];
    case 'PLUSGIRO':
      return has('plusgiroNumber') ? [] : [required('plusgiroNumber')];
  }
}

/**
 * The account identifiers of a creditor or a debtor (account details, not an Account on File
 * reference) in the form the rail needs: fields the rail does not take are refused, the ones it
 * needs are required, each given one has a valid format. With AUTO_SELECT (rail not chosen yet)
 * only the formats are checked and some identifier is required. Paths are field names; a problem
 * with an empty path concerns the account as a whole.
 */
export function checkAccountForRail(
  account: PaymentAccountFields,
  rail: RequestedLocalInstrument,
  options: AccountCheckOptions,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of ACCOUNT_FIELDS) {
    const value = account[field];
    if (value === undefined) continue;
    if (rail !== 'AUTO_SELECT' && !RAIL_ACCOUNT_FIELDS[rail][options.role].includes(field)) {
      problems.push(fieldProblem(field, `is not used by ${rail}, which takes ${RAIL_TAKES[rail][options.role]}`));
      continue;
    }
    const problem = formatProblem(field, value, rail, account);
    if (problem !== undefined) problems.push(fieldProblem(field, problem));
  }
  if (rail !== 'AUTO_SELECT') {
    const reported = new Set(problems.map((problem) => problem.path));
    problems.push(...railCombination(account, rail, options).filter((problem) => !reported.has(problem.path)));
  } else if (!IDENTIFIER_FIELDS.some((field) => given(account, field))) {
    problems.push(
      fieldProblem(
        '',
        'must have account details: iban, sortCode and accountNumber, bban, bankgiroNumber or plusgiroNumber',
        'required',
      ),
    );
  }
  return problems;
}

/** The account with only the identifier fields the rail takes (what AUTO_SELECT keeps of it). */
export function narrowAccountToRail<T extends PaymentAccountFields>(
  account: T,
  rail: PaymentLocalInstrument,
  role: AccountRole,
): T {
  const allowed = RAIL_ACCOUNT_FIELDS[rail][role];
  const dropped = new Set<string>(ACCOUNT_FIELDS.filter((field) => !allowed.includes(field)));
  return Object.fromEntries(Object.entries(account).filter(([key]) => !dropped.has(key))) as T;
}
