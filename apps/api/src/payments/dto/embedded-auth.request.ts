import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';

export const EMBEDDED_AUTH_LIMITS = { maxEntries: 20, maxKeyLength: 128, maxValueLength: 1024 } as const;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The field values: an object of strings, keys being the field ids of the payment's authentication. */
function checkEmbeddedAuth(value: unknown): string | undefined {
  if (isAbsent(value)) return 'is required';
  if (typeof value !== 'object' || Array.isArray(value)) return 'must be an object of field ids to string values';
  const entries = Object.entries(value);
  if (entries.length > EMBEDDED_AUTH_LIMITS.maxEntries)
    return `must have at most ${EMBEDDED_AUTH_LIMITS.maxEntries} entries`;
  for (const [key, entry] of entries) {
    if (key === '' || key.length > EMBEDDED_AUTH_LIMITS.maxKeyLength || CONTROL_CHARACTERS.test(key)) {
      return `must have field ids of 1 to ${EMBEDDED_AUTH_LIMITS.maxKeyLength} characters without control characters`;
    }
    if (typeof entry !== 'string') return `must have string values; ${JSON.stringify(key)} is not a string`;
    if (entry.length > EMBEDDED_AUTH_LIMITS.maxValueLength)
      return `must have values of at most ${EMBEDDED_AUTH_LIMITS.maxValueLength} characters; ${JSON.stringify(key)} has ${entry.length}`;
  }
  return undefined;
}

/** POST /v2/payments/{paymentId}/embedded-auth body (reference paymentIdEmbeddedAuthBody). */
export class EmbeddedAuthRequest {
  static readonly fieldPath = '';

  @applyDecorators(
    ApiProperty({
      type: 'object',
      additionalProperties: { type: 'string', maxLength: EMBEDDED_AUTH_LIMITS.maxValueLength },
      maxProperties: EMBEDDED_AUTH_LIMITS.maxEntries,
      description: `Values of the fields the payment's authentication asked for, keyed by field id: at most ${EMBEDDED_AUTH_LIMITS.maxEntries} entries, ids up to ${EMBEDDED_AUTH_LIMITS.maxKeyLength} characters, values up to ${EMBEDDED_AUTH_LIMITS.maxValueLength}.`,
      example: { '123': 'SMS message' },
    }),
    FieldCheck(checkEmbeddedAuth),
  )
  embeddedAuth!: Record<string, string>;
}
