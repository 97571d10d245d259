import type { CreateTokenizedAccountCommand } from '#libs/application';
import { normalizeText, type MemberId, type TokenizedAccountDetails } from '#libs/domain';
import { AccountFieldsDto, accountProblemAt } from '../../shared/dto/account-fields.dto.js';
import { AddressDto } from '../../shared/dto/address.dto.js';
import { NestedField, TextField } from '../../shared/dto/field-decorators.js';
import { attachRailContext } from '../../shared/dto/rail-context.js';
import { debtorOf } from '../../shared/dto/to-domain-fields.js';

export class AccountDetailsAddressDto extends AddressDto {
  static readonly fieldPath = 'accountDetails.address';
}

/**
 * accountDetails: a debtor account (reference AccountInformation): the identifiers of one debtor
 * account schema (any rail: checked as AUTO_SELECT), an optional owner's name, ultimate debtor and address.
 */
export class AccountDetailsDto extends AccountFieldsDto {
  static readonly fieldPath = 'accountDetails';
  static readonly accountRole = 'debtor';

  @TextField({ description: "The owner's name of the account.", max: 140, example: 'John Smith' })
  name?: string;

  @TextField({ description: "The ultimate debtor's name.", max: 140 })
  ultimateDebtorName?: string;

  @NestedField({ description: "The account owner's address.", type: () => AccountDetailsAddressDto })
  address?: AccountDetailsAddressDto;
}

/** POST /tokenized-accounts (reference CreateTokenizedAccountRequest). */
export class CreateTokenizedAccountRequest {
  @NestedField({
    description: 'The account details to store: IBAN, BBAN, UK sort code and account number, or a giro number.',
    type: () => AccountDetailsDto,
    required: true,
    attach: attachRailContext,
    // With no rail, the account's own fields cannot say which is missing: the account as a whole needs one.
    rule: (child) => accountProblemAt(child, ''),
  })
  accountDetails!: AccountDetailsDto;

  @TextField({ description: 'The bank the account belongs to.', max: 128, example: 'ob-sandbox-gb' })
  bankId?: string;
}

export function toTokenizedAccountDetails(dto: AccountDetailsDto): TokenizedAccountDetails {
  return debtorOf(dto) ?? {};
}

export function toCreateTokenizedAccountCommand(
  memberId: MemberId,
  dto: CreateTokenizedAccountRequest,
): CreateTokenizedAccountCommand {
  const bankId = dto.bankId === undefined || dto.bankId === null ? undefined : normalizeText(dto.bankId);
  return {
    memberId,
    accountDetails: toTokenizedAccountDetails(dto.accountDetails),
    ...(bankId === undefined ? {} : { bankId }),
  };
}
