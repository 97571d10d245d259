import { ACCESS_RESOURCE_TYPES } from '#libs/domain';
import { NestedField } from '../../shared/dto/field-decorators.js';
import { KeptObjectField, ValueListField, WholeNumberField, oneOf } from './structure-fields.js';

/** accessBody.resourceTypeList: what the user shares. */
export class ResourceTypeListDto {
  @ValueListField({
    description: 'The account resources asked for; at least one.',
    required: true,
    minEntries: 1,
    maxEntries: ACCESS_RESOURCE_TYPES.length,
    values: ACCESS_RESOURCE_TYPES,
    entryRule: oneOf(ACCESS_RESOURCE_TYPES),
    example: ['ACCOUNTS', 'BALANCES'],
  })
  resources!: string[];

  @KeptObjectField({ description: 'The account the access is for, when the TPP knows it (kept as sent).' })
  source?: Record<string, unknown>;
}

/** requestPayload.accessBody: account-information access. */
export class AccessBodyDto {
  @NestedField({ description: 'The resources asked for.', required: true, type: () => ResourceTypeListDto })
  resourceTypeList!: ResourceTypeListDto;

  @WholeNumberField({ description: 'Days of transaction history asked for.', min: 1, max: 3650, example: 90 })
  transactionHistoryDays?: number;
}
