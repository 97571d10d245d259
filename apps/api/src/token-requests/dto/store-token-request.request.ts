import { checkOneBody } from '#libs/domain';
import { NestedField } from '../../shared/dto/field-decorators.js';
import { placeTree } from './structure-fields.js';
import { TokenRequestOptionsDto } from './token-request-options.dto.js';
import { TokenRequestPayloadDto } from './token-request-payload.dto.js';

/** POST /token-requests body (the interface's StoreTokenRequestRequest). */
export class StoreTokenRequestRequest {
  static readonly fieldPath = '';

  @NestedField({
    description: 'Optional parameters: the bank, the parties.',
    type: () => TokenRequestOptionsDto,
    attach: (options) => placeTree(options, 'requestOptions'),
  })
  requestOptions?: TokenRequestOptionsDto;

  @NestedField({
    description: 'What the user is asked to authorise.',
    required: true,
    type: () => TokenRequestPayloadDto,
    attach: (payload) => placeTree(payload, 'requestPayload'),
    rule: (payload) => checkOneBody(payload),
  })
  requestPayload!: TokenRequestPayloadDto;
}
