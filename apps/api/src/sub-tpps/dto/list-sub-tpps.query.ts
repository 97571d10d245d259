import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import type { ListSubTppsCommand, SubTppOwner } from '#libs/application';
import { checkCalendarDate, checkText } from '#libs/domain';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { PageLimitParam, TextParam } from '../../query-params/query-params.js';

/** page.limit must be less than 200. */
export const SUB_TPPS_PAGE_LIMIT_MAX = 199;
/** The most values a list filter takes. */
const MAX_FILTER_VALUES = 50;
const COMPANY_NAME_MAX_LENGTH = 256;

/** A repeated query parameter arrives as an array, a single one as a string: always an array. */
const asList = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value));

function ListParam(
  description: string,
  example: string,
  maxLength: number,
  rule: (entry: string) => string | undefined,
) {
  return applyDecorators(
    ApiPropertyOptional({
      type: 'array',
      items: { type: 'string', maxLength },
      description,
      example: [example],
      maxItems: MAX_FILTER_VALUES,
    }),
    asList,
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (!Array.isArray(value)) return 'must be given as text';
      if (value.length > MAX_FILTER_VALUES) return `must have at most ${MAX_FILTER_VALUES} values`;
      for (const [index, entry] of (value as unknown[]).entries()) {
        const problem =
          typeof entry !== 'string'
            ? 'must be text'
            : entry.length > maxLength
              ? `must be at most ${maxLength} characters`
              : rule(entry);
        if (problem !== undefined) return `value ${index + 1} ${problem}`;
      }
      return undefined;
    }),
  );
}

/** GET /member/sub-tpps query: dotted names as the reference spells them. */
export class ListSubTppsQuery {
  static readonly fieldPath = '';

  @TextParam('The offset of the next page, from the previous answer (opaque).', 512)
  'page.offset'?: string;

  @PageLimitParam(SUB_TPPS_PAGE_LIMIT_MAX, 'The most sub-TPPs to answer; less than 200.')
  'page.limit'!: number;

  @ListParam(
    'Only sub-TPPs with one of these names (the sub-TPP’s name, case-insensitive, or its merchant’s legalEntityName); repeat the parameter for several.',
    'Acme Shop',
    COMPANY_NAME_MAX_LENGTH,
    (entry) => checkText(entry, COMPANY_NAME_MAX_LENGTH),
  )
  'filter.byCompanyNames'?: string[];

  @ListParam(
    'Only sub-TPPs created (registered) on one of these dates (YYYY-MM-DD, UTC); repeat the parameter for several.',
    '2026-11-25',
    'YYYY-MM-DD'.length,
    checkCalendarDate,
  )
  'filter.byRegistrationDates'?: string[];
}

export function toListSubTppsCommand(owner: SubTppOwner, query: ListSubTppsQuery): ListSubTppsCommand {
  return {
    memberId: owner.memberId,
    reseller: owner.reseller,
    limit: query['page.limit'],
    ...(query['page.offset'] === undefined ? {} : { offset: query['page.offset'] }),
    companyNames: (query['filter.byCompanyNames'] ?? []).map((name) => name.trim()),
    registrationDates: query['filter.byRegistrationDates'] ?? [],
  };
}
