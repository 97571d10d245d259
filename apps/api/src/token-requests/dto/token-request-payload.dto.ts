import {
  CALLBACK_URL_MAX_LENGTH,
  REF_ID_MAX_LENGTH,
  TOKEN_REQUEST_DESCRIPTION_MAX_LENGTH,
  bodiesOf,
  checkCallbackUrl,
  checkCountryCode,
  checkOnlyBody,
  checkRefId,
  checkTokenExpiration,
} from '#libs/domain';
import { FlagField, NestedField, TextField } from '../../shared/dto/field-decorators.js';
import { AccessBodyDto } from './access-body.dto.js';
import { ValueListField } from './structure-fields.js';
import { StandingOrderBodyDto, TransferBodyDto, handCurrencyToDestinations } from './transfer-body.dto.js';
import { TokenMemberDto } from './token-member.dto.js';

/** requestPayload.actingAs: the party the token is made on behalf of. */
export class ActingAsDto {
  @TextField({
    description:
      'The name of the party, kept with the request; required with actingAs. The bank’s consent page shows the sub-TPP’s name (refId), not this text.',
    required: true,
    max: 256,
    example: 'Sweepco',
  })
  displayName!: string;

  @TextField({
    description:
      'The id of one of the member’s active (ACTIVATED) sub-TPPs (POST /member/sub-tpps) the token is made on behalf of; required for unregulated members. The bank’s consent page names that sub-TPP.',
    max: 64,
    example: 'st:4sqaY3xHrGdcZqzXhZ6Q5ohc',
  })
  refId?: string;

  @TextField({ description: 'Domain or e-mail address shown with displayName.', max: 256, example: 'sweepco.example' })
  secondaryName?: string;
}

/** requestPayload: what the user is asked to authorise; exactly one of transferBody, standingOrderBody, accessBody. */
export class TokenRequestPayloadDto {
  @TextField({
    description: `The TPP's reference, at most ${REF_ID_MAX_LENGTH} characters; Latin letters, digits and hyphen recommended.`,
    required: true,
    max: REF_ID_MAX_LENGTH,
    rule: (value) => checkRefId(value),
    example: '9htio4a1sp2akdr1aa',
  })
  refId!: string;

  @NestedField({
    description: 'The member the token is for (id required).',
    required: true,
    type: () => TokenMemberDto,
  })
  to!: TokenMemberDto;

  @TextField({
    description: "Where the user goes after bank authentication: https, not under the gateway's own host.",
    required: true,
    max: CALLBACK_URL_MAX_LENGTH,
    rule: (value) => checkCallbackUrl(value),
    example: 'https://tpp.example/callback',
  })
  redirectUrl!: string;

  @TextField({
    description: `At most ${TOKEN_REQUEST_DESCRIPTION_MAX_LENGTH} characters; later transfers must carry the same description.`,
    max: TOKEN_REQUEST_DESCRIPTION_MAX_LENGTH,
    example: 'Order 4711',
  })
  description?: string;

  @TextField({
    description: 'Returned on the redirect and signed with the tokenId in the result.',
    max: 1024,
    example: 'c5a863bc-86f2-4418',
  })
  callbackState?: string;

  @NestedField({ description: 'The party the token is made on behalf of.', type: () => ActingAsDto })
  actingAs?: ActingAsDto;

  @ValueListField({
    description: 'Countries offered on the hosted pages, ISO 3166-1 alpha-2 upper case.',
    maxEntries: 50,
    entryRule: checkCountryCode,
    entryMaxLength: 2,
    example: ['GB'],
  })
  countries?: string[];

  @FlagField({ description: 'Forbids converting the payment into a future-dated one.', example: false })
  disableFutureDatedPaymentConversion?: boolean;

  @TextField({ description: 'A reference of the user (kept as sent).', max: 256 })
  userRefId?: string;

  @NestedField({
    description: 'A single (or future-dated) payment.',
    type: () => TransferBodyDto,
    attach: (body) => handCurrencyToDestinations(body),
    rule: (_body, payload) => checkOnlyBody('transferBody', payload),
  })
  transferBody?: TransferBodyDto;

  @NestedField({
    description: 'A standing order.',
    type: () => StandingOrderBodyDto,
    attach: (body) => handCurrencyToDestinations(body),
    rule: (_body, payload) => checkOnlyBody('standingOrderBody', payload),
  })
  standingOrderBody?: StandingOrderBodyDto;

  @NestedField({
    description: 'Account-information access.',
    type: () => AccessBodyDto,
    rule: (_body, payload) => checkOnlyBody('accessBody', payload),
  })
  accessBody?: AccessBodyDto;

  @TextField({
    description:
      'With accessBody: the requested consent expiry, Unix epoch milliseconds as a string, in the future. Default: 90 days.',
    max: 15,
    rule: (value, payload) =>
      checkTokenExpiration(value.trim()) ??
      (bodiesOf(payload).some((body) => body !== 'accessBody')
        ? 'is only for accessBody (account-information) requests'
        : undefined),
    example: '1767225600000',
  })
  tokenExpiration?: string;
}
