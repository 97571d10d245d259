import { CreditorAddressDto } from './address.dto.js';
import { AccountFieldsDto } from './account-fields.dto.js';
import { NestedField, TextField } from './field-decorators.js';

/** initiation.creditor: the payee's name and account, in the identifier form of the rail. */
export class CreditorDto extends AccountFieldsDto {
  static readonly fieldPath = 'initiation.creditor';
  static readonly accountRole = 'creditor';

  @TextField({ description: "The creditor account owner's name.", required: true, max: 140, example: 'Customer Inc.' })
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
