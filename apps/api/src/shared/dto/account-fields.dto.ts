import { applyDecorators } from '@nestjs/common';
import { withFields } from '#libs/common';
import {
  ACCOUNT_FIELDS,
  checkAccountForRail,
  checkDebtor,
  type AccountField,
  type AccountRole,
  type PaymentAccountFields,
  type PaymentDebtor,
} from '#libs/domain';
import { FieldCheck, isAbsent } from './field-check.js';
import { ApiField } from './field-decorators.js';
import { railContextOf } from './rail-context.js';

/**
 * The account identifier fields of a creditor or a debtor. Each field's check asks the domain
 * rules for the whole account (with the rail and currency the initiation handed over) and keeps
 * the problem about itself, so a rail's missing field is named too
 * (`initiation.creditor.sortCode is required for FASTER_PAYMENTS`).
 */
export interface AccountDto {
  readonly accountRole?: AccountRole;
}

function roleOf(object: object): AccountRole {
  return (object.constructor as AccountDto).accountRole ?? 'creditor';
}

function stringsOf(object: object, fields: readonly string[]): Record<string, string> {
  const record = object as Record<string, unknown>;
  return Object.fromEntries(
    fields.filter((field) => typeof record[field] === 'string').map((field) => [field, record[field] as string]),
  );
}

export function accountFieldsOf(object: object): PaymentAccountFields {
  return stringsOf(object, ACCOUNT_FIELDS);
}

/** The debtor as the either/or rule sees it: which fields are given (address only as present). */
export function debtorShapeOf(object: object): PaymentDebtor {
  const record = object as Record<string, unknown>;
  return {
    ...stringsOf(object, [...ACCOUNT_FIELDS, 'name', 'ultimateDebtorName', 'tokenizedAccountId']),
    ...(isAbsent(record.address) ? {} : { address: {} }),
  };
}

/**
 * The domain rules' problems of one creditor or debtor object. Every field of the account asks
 * about its own path; the rules run once per object (the validator calls in with the same
 * instance, fully transformed, for each field).
 */
const problemsByAccount = new WeakMap<object, ReadonlyArray<{ readonly path: string; readonly message: string }>>();

/** The problem the domain rules find at `path` of this creditor or debtor, given the rail context. */
export function accountProblemAt(object: object, path: string): string | undefined {
  let problems = problemsByAccount.get(object);
  if (problems === undefined) {
    problems = accountProblems(object);
    problemsByAccount.set(object, problems);
  }
  return problems.find((problem) => problem.path === path)?.message;
}

function accountProblems(object: object): ReadonlyArray<{ readonly path: string; readonly message: string }> {
  // A settlement account's identifiers are the gateway's to fill in (virtualAccountId's own check refuses any given).
  if (typeof (object as { readonly virtualAccountId?: unknown }).virtualAccountId === 'string') return [];
  const context = railContextOf(object);
  const rail = context.localInstrument ?? 'AUTO_SELECT';
  const { localInstrument: _rail, ...options } = context;
  return roleOf(object) === 'debtor'
    ? checkDebtor(debtorShapeOf(object), rail, options)
    : checkAccountForRail(accountFieldsOf(object), rail, withFields(options, { role: 'creditor' as const }));
}

/**
 * Each field as written: the identifier's longest form with the separators the rules allow
 * (spaces in an IBAN's groups of four, a sort code's hyphens, a giro number's hyphen).
 */
const DESCRIPTIONS: Readonly<
  Record<AccountField, { readonly description: string; readonly example: string; readonly maxLength: number }>
> = {
  iban: {
    description:
      'IBAN (SEPA, SEPA_INSTANT, ELIXIR, EU_DOMESTIC_NON_EURO*): mod-97 checked; spaces allowed, stored upper case without them.',
    example: 'DE89370400440532013000',
    maxLength: 42,
  },
  bic: {
    description: 'BIC of 8 or 11 characters (optional on the rails that take it).',
    example: 'COBADEFFXXX',
    maxLength: 14,
  },
  sortCode: {
    description: 'UK sort code (FASTER_PAYMENTS): 6 digits, 123456 or 12-34-56; stored as 6 digits.',
    example: '040004',
    maxLength: 8,
  },
  accountNumber: {
    description:
      'UK account number of 8 digits (FASTER_PAYMENTS), or a 26-digit Polish account number (ELIXIR creditor).',
    example: '12345678',
    maxLength: 32,
  },
  bban: {
    description: 'Domestic account number (EU_DOMESTIC_NON_EURO*): 4-30 letters and digits.',
    example: '50000000058398257466',
    maxLength: 40,
  },
  clearingNumber: {
    description: 'Clearing number with a bban (EU_DOMESTIC_NON_EURO*): 3-8 digits.',
    example: '8327',
    maxLength: 10,
  },
  bankgiroNumber: {
    description: 'Bankgiro number (BANKGIRO): 7-8 digits with a mod-10 check digit; a hyphen is allowed.',
    example: '5050-1055',
    maxLength: 10,
  },
  plusgiroNumber: {
    description: 'PlusGiro number (PLUSGIRO): 2-8 digits with a mod-10 check digit; a hyphen is allowed.',
    example: '286543-4',
    maxLength: 10,
  },
};

export function AccountFieldCheck(field: AccountField): PropertyDecorator {
  return applyDecorators(
    ApiField({ type: String, required: false, ...DESCRIPTIONS[field] }),
    FieldCheck((value, args) => {
      if (!isAbsent(value) && typeof value !== 'string') return 'must be a string';
      return accountProblemAt(args.object, field);
    }),
  );
}

/** The identifier fields every creditor and raw debtor may carry; which ones a rail takes is the rules'. */
export class AccountFieldsDto {
  @AccountFieldCheck('iban')
  iban?: string;

  @AccountFieldCheck('bic')
  bic?: string;

  @AccountFieldCheck('sortCode')
  sortCode?: string;

  @AccountFieldCheck('accountNumber')
  accountNumber?: string;

  @AccountFieldCheck('bban')
  bban?: string;

  @AccountFieldCheck('clearingNumber')
  clearingNumber?: string;

  @AccountFieldCheck('bankgiroNumber')
  bankgiroNumber?: string;

  @AccountFieldCheck('plusgiroNumber')
  plusgiroNumber?: string;
}
