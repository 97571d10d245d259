import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ChoiceField, TextField, TextListField } from './field-decorators.js';
import { FieldCheck, isAbsent } from './field-check.js';

/**
 * Postal addresses. Lengths follow ISO 20022 postal address fields (lines and street 70, town 35,
 * post code 16); up to 7 address lines.
 */
export const COUNTRY_CODE = /^[A-Z]{2}$/;

function CountryField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: String,
      description: 'Two-letter country code in upper case (ISO 3166-1 alpha-2).',
      example: 'GB',
      maxLength: 2,
      pattern: COUNTRY_CODE.source,
    }),
    FieldCheck((value) =>
      isAbsent(value) || (typeof value === 'string' && COUNTRY_CODE.test(value))
        ? undefined
        : 'must be a two-letter ISO 3166-1 country code in upper case, such as GB',
    ),
  );
}

/** The address of a creditor or debtor (reference schema Address). */
export class AddressDto {
  @TextListField({ description: 'Address lines.', maxEntries: 7, maxLength: 70, example: ['The Coach House'] })
  addressLine?: string[];

  @TextField({ description: 'Street name.', max: 70, example: 'High Street' })
  streetName?: string;

  @TextField({ description: 'Building number.', max: 16, example: '2C' })
  buildingNumber?: string;

  @TextField({ description: 'Post code.', max: 16, example: 'TR26 1EZ' })
  postCode?: string;

  @TextField({ description: 'Town name.', max: 35, example: 'Saint Ives' })
  townName?: string;

  @TextField({ description: 'State.', max: 35, example: 'Cornwall' })
  state?: string;

  @TextField({ description: 'District.', max: 35 })
  district?: string;

  @CountryField()
  country?: string;
}

export class CreditorAddressDto extends AddressDto {
  static readonly fieldPath = 'initiation.creditor.address';
}

export class DebtorAddressDto extends AddressDto {
  static readonly fieldPath = 'initiation.debtor.address';
}

export const ADDRESS_TYPES = [
  'INVALID_ADDRESS_TYPE',
  'BUSINESS',
  'CORRESPONDENCE',
  'DELIVERYTO',
  'MAILTO',
  'POBOX',
  'POSTAL',
  'RESIDENTIAL',
  'STATEMENT',
] as const;

/** risk.deliveryAddress (reference schema DeliveryAddress). */
export class DeliveryAddressDto {
  static readonly fieldPath = 'initiation.risk.deliveryAddress';

  @TextListField({
    description: 'Address lines.',
    maxEntries: 7,
    maxLength: 70,
    example: ['Flat 2, The Red Lodge, 1 High Street'],
  })
  addressLine?: string[];

  @ChoiceField({ description: 'The type of address.', values: ADDRESS_TYPES, example: 'BUSINESS' })
  addressType?: (typeof ADDRESS_TYPES)[number];

  @TextField({ description: 'Building number.', max: 16, example: '1' })
  buildingNumber?: string;

  @CountryField()
  country?: string;

  @TextListField({
    description: 'Country subdivisions (state, region, county).',
    maxEntries: 5,
    maxLength: 35,
    example: ['North Yorkshire'],
  })
  countrySubDivision?: string[];

  @TextField({ description: 'Department (maps to house number in OBIE).', max: 70 })
  department?: string;

  @TextField({ description: 'Post code.', max: 16, example: 'YO62 5JB' })
  postCode?: string;

  @TextField({ description: 'Street name.', max: 70, example: 'High Street' })
  streetName?: string;

  @TextField({ description: 'Sub-department (maps to flats in OBIE).', max: 70 })
  subDepartment?: string;

  @TextField({ description: 'Town name.', max: 35, example: 'York' })
  townName?: string;
}
