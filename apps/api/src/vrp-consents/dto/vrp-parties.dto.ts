import { CreditorAddressDto, DebtorAddressDto } from '../../shared/dto/address.dto.js';
import { AccountFieldCheck } from '../../shared/dto/account-fields.dto.js';
import { NestedField, TextField } from '../../shared/dto/field-decorators.js';

/**
 * The reference's VRPCreditorInformation: a UK account (FasterPaymentsAccount: sortCode and
 * accountNumber, checked by the payments' rules for FASTER_PAYMENTS) and its holder's name.
 */
export class VrpCreditorDto {
  static readonly fieldPath = 'initiation.creditor';
  static readonly accountRole = 'creditor';

  @AccountFieldCheck('sortCode')
  sortCode?: string;

  @AccountFieldCheck('accountNumber')
  accountNumber?: string;

  @TextField({ description: "The creditor account owner's name.", required: true, max: 140, example: 'Savings Ltd' })
  name!: string;

  @TextField({ description: "The ultimate creditor's name.", max: 140 })
  ultimateCreditorName?: string;

  @TextField({ description: "The creditor's bank name.", max: 140 })
  bankName?: string;

  @NestedField({ description: "The creditor's address.", type: () => CreditorAddressDto })
  address?: CreditorAddressDto;
}

/** The reference's VRPDebtorInformation: optional; when given, a UK account with an optional name. */
export class VrpDebtorDto {
  static readonly fieldPath = 'initiation.debtor';
  static readonly accountRole = 'debtor';

  @AccountFieldCheck('sortCode')
  sortCode?: string;

  @AccountFieldCheck('accountNumber')
  accountNumber?: string;

  @TextField({ description: "The debtor account owner's name.", max: 140, example: 'John Smith' })
  name?: string;

  @TextField({ description: "The ultimate debtor's name.", max: 140 })
  ultimateDebtorName?: string;

  @NestedField({ description: "The debtor's address.", type: () => DebtorAddressDto })
  address?: DebtorAddressDto;
}
