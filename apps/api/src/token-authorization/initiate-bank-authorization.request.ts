import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { FieldCheck, isAbsent } from '../shared/dto/field-check.js';

const BANK_ID_MAX_LENGTH = 64;
const CREDENTIAL_LIMITS = { maxEntries: 20, maxKeyLength: 128, maxValueLength: 1024 } as const;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The credentials map: field ids (as the fields of the previous answer named them) to string values. */
function checkCredentials(value: unknown): string | undefined {
  if (isAbsent(value)) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) return 'must be an object of field ids to string values';
  const entries = Object.entries(value);
  if (entries.length > CREDENTIAL_LIMITS.maxEntries) return `must have at most ${CREDENTIAL_LIMITS.maxEntries} entries`;
  for (const [key, entry] of entries) {
    if (key === '' || key.length > CREDENTIAL_LIMITS.maxKeyLength || CONTROL_CHARACTERS.test(key))
      return `must have field ids of 1 to ${CREDENTIAL_LIMITS.maxKeyLength} characters without control characters`;
    if (typeof entry !== 'string') return `must have string values; ${JSON.stringify(key)} is not a string`;
    if (entry.length > CREDENTIAL_LIMITS.maxValueLength)
      return `must have values of at most ${CREDENTIAL_LIMITS.maxValueLength} characters`;
  }
  return undefined;
}

/** POST /token-requests/{tokenRequestId}/authorization body: the reference InitiateBankAuthorizationRequest plus bankId. */
export class InitiateBankAuthorizationRequest {
  static readonly fieldPath = '';

  @ApiPropertyOptional({
    description:
      'The bank to authorise at (GET /banks). Optional when the token request names one in requestOptions.bankId; this one wins when both are given.',
    example: 'ob-sandbox-gb',
    maxLength: BANK_ID_MAX_LENGTH,
  })
  @IsOptional()
  @IsString({ message: 'bankId must be a string' })
  @MaxLength(BANK_ID_MAX_LENGTH, { message: `bankId must be at most ${BANK_ID_MAX_LENGTH} characters` })
  @Matches(/^[A-Za-z0-9._:-]+$/, { message: 'bankId may hold letters, digits, dot, dash, colon and underscore only' })
  bankId?: string;

  @ApiPropertyOptional({
    description: "Whether the user has granted consent for the request in the TPP's user interface.",
    default: false,
  })
  @IsOptional()
  @IsBoolean({ message: 'consentAccepted must be a boolean' })
  consentAccepted?: boolean;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string', maxLength: CREDENTIAL_LIMITS.maxValueLength },
    maxProperties: CREDENTIAL_LIMITS.maxEntries,
    description:
      'Values for the fields of the embedded step the previous answer asked for (`fields.fields[].id`). Sent in a second call, it submits that step: the answer is the next step, or `{ "status": "AUTHENTICATED" }` once the token exists.',
    example: { psuId: 'sandbox-success', password: '12345' },
  })
  @FieldCheck(checkCredentials)
  credentials?: Record<string, string>;

  @ApiPropertyOptional({ description: 'Triggers the credential flow at banks that offer one.', default: false })
  @IsOptional()
  @IsBoolean({ message: 'useCredentialFlow must be a boolean' })
  useCredentialFlow?: boolean;

  @ApiPropertyOptional({
    description:
      "Embedded steps are handled by the gateway's hosted pages rather than the TPP's own pages: when the bank asks for fields (an embedded step), the answer is `{ \"redirectUrl\": <the gateway's hosted page> }` instead of `fields`. Send the user's browser there: the page shows the bank's fields (labels, password inputs, choices), takes each step the bank asks for (a wrong value is asked again, as the bank says), and then sends the user to the token request's redirectUrl with `requestId`, `tokenId`, `state` and `signature`, or with `error` and `message` when the bank refused. A redirect or decoupled step is answered as without it.",
    default: false,
  })
  @IsOptional()
  @IsBoolean({ message: 'useWebappCredentialsFlow must be a boolean' })
  useWebappCredentialsFlow?: boolean;
}
