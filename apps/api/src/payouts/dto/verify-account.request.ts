import {
  VERIFICATION_ACCOUNT_TYPES,
  VERIFICATION_CURRENCIES,
  VERIFICATION_TEXT_MAX,
  checkVerificationAccount,
  normalizeVerificationAccount,
  type AccountVerificationInput,
  type FieldProblem,
  type VerificationAccountFields,
} from '#libs/domain';
import { ChoiceField, NestedField, TextField } from '../../shared/dto/field-decorators.js';
import { compact, text } from '../../shared/dto/to-domain-fields.js';

type IdentifierField = 'iban' | 'sortCode' | 'accountNumber' | '';

/** The identifier rule's problems of one account object: it runs once, each field keeps its own. */
const problemsByAccount = new WeakMap<object, readonly FieldProblem[]>();

function fieldsOf(object: object): VerificationAccountFields {
  const record = object as Record<string, unknown>;
  const given = (field: string): string | undefined =>
    typeof record[field] === 'string' ? record[field].trim() : undefined;
  return compact<VerificationAccountFields>({
    currency: given('currency'),
    iban: given('iban'),
    sortCode: given('sortCode'),
    accountNumber: given('accountNumber'),
  });
}

function problemAt(object: object, field: IdentifierField): string | undefined {
  let problems = problemsByAccount.get(object);
  if (problems === undefined) {
    problems = checkVerificationAccount(fieldsOf(object));
    problemsByAccount.set(object, problems);
  }
  return problems.find((problem) => problem.path === field)?.message;
}

function IdentifierField(field: Exclude<IdentifierField, ''>, description: string, example: string): PropertyDecorator {
  return TextField({
    description,
    max: VERIFICATION_TEXT_MAX,
    example,
    rule: (_value, object) => problemAt(object, field),
    requiredWhen: (object) => problemAt(object, field),
  });
}

/** account: the account and the name to check (the reference's AccountVerificationRequest.account). */
export class VerificationAccountDto {
  static readonly fieldPath = 'account';

  @TextField({
    description: 'The name of the account holder to check.',
    max: VERIFICATION_TEXT_MAX,
    required: true,
    example: 'John Doe',
  })
  name!: string;

  @ChoiceField({
    description: 'The currency of the account.',
    values: VERIFICATION_CURRENCIES,
    required: true,
    example: 'EUR',
  })
  currency!: AccountVerificationInput['currency'];

  @IdentifierField(
    'iban',
    'The IBAN (mod-97 checked): required for EUR; for GBP an IBAN, or else sortCode and accountNumber.',
    'GB33BUKB20201555555555',
  )
  iban?: string;

  @IdentifierField('sortCode', 'UK sort code (GBP, with accountNumber): 6 digits, 123456 or 12-34-56.', '123456')
  sortCode?: string;

  @IdentifierField('accountNumber', 'UK account number of 8 digits (GBP, with sortCode).', '12345678')
  accountNumber?: string;

  @ChoiceField({
    description: 'Whether the account is a person’s or a business’s.',
    values: VERIFICATION_ACCOUNT_TYPES,
  })
  accountType?: AccountVerificationInput['accountType'];
}

/** POST /account-verifications body. */
export class VerifyAccountRequest {
  static readonly fieldPath = '';

  @NestedField({
    description: 'The account and the name to check.',
    required: true,
    type: () => VerificationAccountDto,
    rule: (account) => problemAt(account, ''),
  })
  account!: VerificationAccountDto;

  @TextField({
    description: 'The member’s settlement account the payout will be made from (its provider makes the check).',
    max: VERIFICATION_TEXT_MAX,
  })
  virtualAccountId?: string;
}

/** The validated body as the use case's check: texts trimmed, identifiers normalised. */
export function toAccountVerificationInput(dto: VerifyAccountRequest): AccountVerificationInput {
  const account = dto.account;
  return normalizeVerificationAccount(
    compact<AccountVerificationInput>({
      name: account.name.trim(),
      currency: account.currency,
      iban: text(account.iban),
      sortCode: text(account.sortCode),
      accountNumber: text(account.accountNumber),
      accountType: account.accountType,
      virtualAccountId: text(dto.virtualAccountId),
    }),
  );
}
