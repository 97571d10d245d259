import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import type { CreateSubTppCommand, SubTppOwner } from '#libs/application';
import {
  PRIMARY_USE_CASES,
  SUB_TPP_LOGO_MAX,
  checkBic,
  checkDomainName,
  checkIban,
  checkJurisdiction,
  checkLogo,
  checkMccCode,
  normalizeBic,
  normalizeIban,
} from '#libs/domain';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { ChoiceField, FlagField, NestedField, TextField } from '../../shared/dto/field-decorators.js';

/** merchant: the merchant the sub-TPP onboards (the old merchant onboarding flow's member.Merchant). */
export class SubTppMerchantDto {
  static readonly fieldPath = 'merchant';

  @TextField({
    required: true,
    max: 2,
    rule: checkJurisdiction,
    description: 'Where the merchant operates (the domicile country): ISO 3166-1 alpha-2.',
    example: 'GB',
  })
  merchantJurisdiction!: string;

  @TextField({ required: true, max: 256, description: 'Full name of the merchant legal entity.', example: 'Acme Ltd' })
  legalEntityName!: string;

  @TextField({
    required: true,
    max: 64,
    description: 'Company registration number of the merchant legal entity.',
    example: '01234567',
  })
  companyRegistrationNumber!: string;

  @ChoiceField({
    required: true,
    values: PRIMARY_USE_CASES,
    description: 'The merchant’s primary use case.',
    example: 'PIS: eCommerce merchant payment',
  })
  primaryUseCase!: string;

  @TextField({
    required: true,
    max: 42,
    rule: checkIban,
    description:
      'The settlement account: the sub-TPP’s when settling to the merchant, the TPP’s when the sub-TPP settles with the TPP. Stored without spaces, in upper case.',
    example: 'GB33BUKB20201555555555',
  })
  iban!: string;

  @TextField({ max: 11, rule: checkBic, description: 'BIC of the merchant’s bank.', example: 'BUKBGB22' })
  bic?: string;
}

/** POST /member/sub-tpps: the reference's CreateSubTppRequest (old merchant onboarding shape). */
export class CreateSubTppRequest {
  static readonly fieldPath = '';

  @TextField({
    required: true,
    max: 256,
    description: 'The business name or DBA of the sub-TPP.',
    example: 'Acme Shop',
  })
  name!: string;

  @TextField({
    required: true,
    max: 253,
    rule: checkDomainName,
    description: 'The sub-TPP’s fully qualified domain name.',
    example: 'shop.acme.example',
  })
  domain!: string;

  @applyDecorators(
    ApiPropertyOptional({
      type: String,
      format: 'byte',
      maxLength: SUB_TPP_LOGO_MAX,
      description: 'The logo image’s bytes in base64.',
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      return typeof value === 'string' ? checkLogo(value) : 'must be a string';
    }),
  )
  logo?: string;

  @NestedField({ required: true, type: () => SubTppMerchantDto, description: 'The merchant the sub-TPP onboards.' })
  merchant!: SubTppMerchantDto;

  @TextField({
    max: 128,
    description: 'A parent in the member’s hierarchy of sub-TPPs: one of its ACTIVATED sub-TPPs.',
  })
  parentSubTppId?: string;

  @TextField({ max: 4, rule: checkMccCode, description: 'Merchant Category Code: four digits.', example: '5411' })
  mccCode?: string;

  @FlagField({
    description:
      'true: the new merchant onboarding flow (the sub-TPP starts AWAITING_APPROVAL); false or absent: the old flow (ACTIVATED at once).',
  })
  useNewFlow?: boolean;
}

export function toCreateSubTppCommand(owner: SubTppOwner, body: CreateSubTppRequest): CreateSubTppCommand {
  const merchant = body.merchant;
  return {
    memberId: owner.memberId,
    reseller: owner.reseller,
    name: body.name.trim(),
    domain: body.domain.trim(),
    ...(body.logo === undefined || body.logo === null ? {} : { logo: body.logo }),
    ...(body.mccCode === undefined || body.mccCode === null ? {} : { mccCode: body.mccCode }),
    ...(body.parentSubTppId === undefined || body.parentSubTppId === null
      ? {}
      : { parentSubTppId: body.parentSubTppId.trim() }),
    useNewFlow: body.useNewFlow === true,
    merchant: {
      merchantJurisdiction: merchant.merchantJurisdiction,
      legalEntityName: merchant.legalEntityName.trim(),
      companyRegistrationNumber: merchant.companyRegistrationNumber.trim(),
      primaryUseCase: merchant.primaryUseCase,
      iban: normalizeIban(merchant.iban),
      ...(merchant.bic === undefined || merchant.bic === null ? {} : { bic: normalizeBic(merchant.bic) }),
    },
  };
}
