import { FlagField, NestedField, TextField } from '../../shared/dto/field-decorators.js';
import { TokenMemberDto } from './token-member.dto.js';

/** requestOptions.tokenInternal. */
export class TokenInternalDto {
  @TextField({ description: 'Where the user goes after bank authentication (kept as sent).', max: 2048 })
  redirectUrl?: string;

  @FlagField({ description: 'Launch the hosted pages credentials URL instead of the bank authorization URL.' })
  usingWebApp?: boolean;
}

/** requestOptions: the bank and the parties, all optional. */
export class TokenRequestOptionsDto {
  @TextField({
    description: 'The bank the user authorises at; a bank of GET /banks. Without it the user picks the bank later.',
    max: 128,
    example: 'ob-sandbox-gb',
  })
  bankId?: string;

  @NestedField({ description: 'The requesting member.', type: () => TokenMemberDto })
  from?: TokenMemberDto;

  @TextField({ description: 'The bank customer giving consent.', max: 256 })
  psuId?: string;

  @FlagField({ description: 'Requests e-mail confirmation of the token request.', example: false })
  receiptRequested?: boolean;

  @NestedField({ description: 'Redirect and hosted pages options.', type: () => TokenInternalDto })
  tokenInternal?: TokenInternalDto;
}
