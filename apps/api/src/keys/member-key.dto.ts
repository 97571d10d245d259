import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { KEY_ALGORITHMS, type KeyAlgorithmName } from '#libs/domain';

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
  })
  @IsString({ message: 'publicKey must be a string' })
  @MinLength(32, { message: 'publicKey is too short to be a public key' })
  @MaxLength(4096, { message: 'publicKey must be at most 4096 characters' })
  publicKey!: string;

  @ApiPropertyOptional({
    description: 'Expiry of the key, milliseconds since the epoch (string or number).',
    example: '4102444800000',
  })
  @IsOptional()
  @Matches(/^\d{1,15}$/, { message: 'expiresAtMs must be milliseconds since the epoch' })
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
