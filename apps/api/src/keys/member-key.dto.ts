import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { KEY_ALGORITHMS, type KeyAlgorithmName } from '#libs/domain';
import { EPOCH_MS_FORMAT } from '../query-params/query-params.js';

/** The shortest and longest public key accepted, as written. */
const PUBLIC_KEY_MIN_LENGTH = 32;
export const PUBLIC_KEY_MAX_LENGTH = 4096;

export class SubmitKeyRequest {
  @ApiProperty({
    enum: KEY_ALGORITHMS,
    example: 'ED25519',
    description: 'ED25519 (EdDSA), ECDSA_SHA256 (ES256) or RS256 (RS256/PS256, >= 2048 bits).',
  })
  @IsIn(KEY_ALGORITHMS, { message: `keyAlgorithm must be one of ${KEY_ALGORITHMS.join(', ')}` })
  keyAlgorithm!: KeyAlgorithmName;

  @ApiProperty({
    description: 'The public key: base64url (raw Ed25519 / uncompressed P-256 point, or SPKI DER) or PEM.',
    example: '_yDSz-_vUL92ezh5fJVhKpdbvwOKghDXQsaqDwGKi_A',
    minLength: PUBLIC_KEY_MIN_LENGTH,
    maxLength: PUBLIC_KEY_MAX_LENGTH,
  })
  @IsString({ message: 'publicKey must be a string' })
  @MinLength(PUBLIC_KEY_MIN_LENGTH, { message: 'publicKey is too short to be a public key' })
  @MaxLength(PUBLIC_KEY_MAX_LENGTH, { message: `publicKey must be at most ${PUBLIC_KEY_MAX_LENGTH} characters` })
  publicKey!: string;

  @ApiPropertyOptional({
    description: 'Expiry of the key, milliseconds since the epoch (string or number).',
    example: '4102444800000',
    ...EPOCH_MS_FORMAT,
  })
  @IsOptional()
  @Matches(new RegExp(EPOCH_MS_FORMAT.pattern), { message: 'expiresAtMs must be milliseconds since the epoch' })
  expiresAtMs?: string;
}

export class KeyIdResponse {
  @ApiProperty({ example: 'cJSOA7nQscQBScnE' })
  keyId!: string;
}

export class GetKey {
  @ApiProperty({ example: 'cJSOA7nQscQBScnE' })
  id!: string;

  @ApiProperty({ enum: KEY_ALGORITHMS })
  keyAlgorithm!: string;

  @ApiProperty()
  publicKey!: string;

  @ApiPropertyOptional({ description: 'Expiry, milliseconds since the epoch.' })
  expiresAtMs?: string;
}

export class GetKeysResponse {
  @ApiProperty({ type: [GetKey] })
  key!: GetKey[];
}
