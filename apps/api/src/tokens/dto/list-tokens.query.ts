import { TOKEN_TYPE_FILTERS, type TokenTypeFilter } from '#libs/domain';
import { ChoiceParam, EpochMsParam, PageLimitParam, TextParam } from '../../query-params/query-params.js';

/** page.limit must be less than 200 (the interface's limit). */
export const LIST_TOKENS_MAX_LIMIT = 199;

export const TOKEN_ROLE_FILTERS = ['ANY', 'FROM', 'TO', 'ISSUER'] as const;

const EPOCH_MS_EXAMPLE = '1767225600000';
const EPOCH_MS_INVALID = 'must be Unix epoch milliseconds (digits only)';

/** GET /tokens query: the parameter names are the interface's dotted ones (`page.limit`, `filter.startTimeMs`). */
export class ListTokensQuery {
  static readonly fieldPath = '';

  @ChoiceParam(
    'ACCESS tokens, TRANSFER tokens (standing orders included), or INVALID (the default): every token.',
    TOKEN_TYPE_FILTERS,
  )
  type?: TokenTypeFilter;

  @PageLimitParam(
    LIST_TOKENS_MAX_LIMIT,
    `The maximum number of tokens to answer, 1 to ${LIST_TOKENS_MAX_LIMIT} (less than 200).`,
  )
  'page.limit'!: number;

  @TextParam('The offset of the next page, as the previous page answered it (opaque).', 512)
  'page.offset'?: string;

  @EpochMsParam({
    description: 'Only tokens created at or after this time (Unix epoch milliseconds).',
    example: EPOCH_MS_EXAMPLE,
    invalid: EPOCH_MS_INVALID,
  })
  'filter.startTimeMs'?: number;

  @EpochMsParam<ListTokensQuery>(
    {
      description: 'Only tokens created at or before this time (Unix epoch milliseconds).',
      example: EPOCH_MS_EXAMPLE,
      invalid: EPOCH_MS_INVALID,
    },
    (end, query) => {
      const start = query['filter.startTimeMs'];
      return typeof start === 'number' && end < start ? 'must not be before filter.startTimeMs' : undefined;
    },
  )
  'filter.endTimeMs'?: number;

  @TextParam('Only tokens made on behalf of this sub-TPP (actingAs.refId).', 128)
  'filter.actingAsRefId'?: string;

  @TextParam(
    "Accepted for compatibility: the gateway's tokens name bank account identifiers, not account ids, so it does not narrow the list.",
    256,
  )
  'filter.sourceAccountId'?: string;

  @TextParam(
    "Accepted for compatibility: the gateway's tokens name bank account identifiers, not account ids, so it does not narrow the list.",
    256,
  )
  'filter.destinationAccountId'?: string;

  @ChoiceParam(
    'Accepted for compatibility: every token listed is one the member requested (the member is its grantee), so any role lists the same tokens.',
    TOKEN_ROLE_FILTERS,
  )
  'filter.role'?: string;
}
