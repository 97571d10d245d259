import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';

/** GET /transfers/{transferId} query. */
export class GetTransferQuery {
  static readonly fieldPath = '';

  @applyDecorators(
    ApiPropertyOptional({
      type: Boolean,
      description: 'true answers the stored transfer without asking the bank for its latest status first.',
    }),
    Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value)),
    FieldCheck((value) => (isAbsent(value) || typeof value === 'boolean' ? undefined : 'must be true or false')),
  )
  skipTransferUpdate?: boolean;
}
