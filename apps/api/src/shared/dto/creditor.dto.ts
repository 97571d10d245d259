import { ACCOUNT_FIELDS } from '#libs/domain';
import { CreditorAddressDto } from './address.dto.js';
import { isAbsent } from './field-check.js';
import { AccountFieldsDto } from './account-fields.dto.js';
import { NestedField, TextField } from './field-decorators.js';

/** Whether the creditor names a settlement account (a Payments v2 initiation's VirtualAccountCreditor). */
export function namesSettlementAccount(object: object): boolean {
  return typeof (object as { readonly virtualAccountId?: unknown }).virtualAccountId === 'string';
}

/** initiation.creditor: the payee's name and account, in the identifier form of the rail. */
export class CreditorDto extends AccountFieldsDto {
  static readonly fieldPath = 'initiation.creditor';
  static readonly accountRole = 'creditor';

  @TextField({
    description: "The creditor account owner's name (not required for a settlement account: its own name is used).",
    max: 140,
    requiredWhen: (object) => (namesSettlementAccount(object) ? undefined : 'is required'),
    example: 'Customer Inc.',
  })
  name!: string;

  @TextField({ description: "The ultimate creditor's name.", max: 140 })
  ultimateCreditorName?: string;

  @TextField({ description: "The creditor's bank name.", max: 140 })
  bankName?: string;

  @TextField({ description: 'The id of an account verification of this creditor (/account-verifications).', max: 128 })
  accountVerificationId?: string;

  @NestedField({ description: "The creditor's address.", type: () => CreditorAddressDto })
  address?: CreditorAddressDto;
}

/**
 * initiation.creditor of a Payments v2 initiation: account details, or one of the member's
 * settlement accounts (`virtualAccountId`, without account identifiers; the gateway sends the
 * bank the account's own identifiers and name).
 */
export class PaymentCreditorDto extends CreditorDto {
  @TextField({
    description:
      "One of the member's settlement accounts (/virtual-accounts), instead of account identifiers: the payment settles when the account's credit arrives (docs/reconciliation.md).",
    max: 128,
    rule: (_value, object) => {
      const given = ACCOUNT_FIELDS.filter((field) => !isAbsent((object as Record<string, unknown>)[field]));
      return given.length === 0 ? undefined : `must not be given with account identifiers (${given.join(', ')})`;
    },
    example: 'pa:4TXFcixy9yKfEmhad45Jp6Lb34d1:2gFUX1NEGTG',
  })
  virtualAccountId?: string;
}
