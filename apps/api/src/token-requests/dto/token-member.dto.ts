import { ChoiceField, NestedField, TextField } from '../../shared/dto/field-decorators.js';

export const ALIAS_TYPES = ['INVALID', 'UNKNOWN', 'EMAIL', 'PHONE', 'DOMAIN', 'BANK', 'CUSTOM', 'EIDAS'] as const;

/** A member's alias (kept as sent). */
export class AliasDto {
  @TextField({ description: 'A member created under the realm of a bank.', max: 256 })
  realmId?: string;

  @ChoiceField({ description: 'The type of alias.', values: ALIAS_TYPES, example: 'DOMAIN' })
  type?: string;

  @TextField({ description: 'The alias text of its type.', max: 256, example: 'tpp.example' })
  value?: string;
}

/** requestOptions.from and requestPayload.to: a member's identification. */
export class TokenMemberDto {
  @TextField({
    description: 'The member id.',
    required: true,
    max: 128,
    example: 'm:3rKtsoKaE1QUti3KCWPrcSQYvJj9:5zKtXEAq',
  })
  id!: string;

  @NestedField({ description: 'Alternate or additional identification.', type: () => AliasDto })
  alias?: AliasDto;
}
