import {
  TRANSFER_REFUND_STATUSES,
  TRANSFER_ROLES,
  type ListTransfersCommand,
  type TransferRefundStatus,
  type TransferRole,
} from '#libs/application';
import { TRANSFER_STATUSES, type MemberId, type TransferStatus } from '#libs/domain';
import { ChoiceParam, EpochMsParam, PageLimitParam, TextParam } from '../../query-params/query-params.js';

/** page.limit must be less than 200. */
export const TRANSFERS_PAGE_LIMIT_MAX = 199;

/**
 * The reference's filter.transactionStatus enum spells FAILURE_GENERIC with a space
 * ('FAILURE GENERIC'); both spellings are accepted.
 */
const STATUS_ALIASES: Readonly<Record<string, TransferStatus>> = { 'FAILURE GENERIC': 'FAILURE_GENERIC' };
const STATUS_VALUES: readonly string[] = [...TRANSFER_STATUSES, ...Object.keys(STATUS_ALIASES)];

/** filter.startTimeMs / filter.endTimeMs: milliseconds since the epoch as the query gives them (digits). */
function TimeParam(description: string, rule?: (ms: number, query: ListTransfersQuery) => string | undefined) {
  return EpochMsParam<ListTransfersQuery>(
    {
      description: `${description} Milliseconds since the epoch.`,
      example: '1764000000000',
      invalid: 'must be a whole number of milliseconds since the epoch',
    },
    rule,
  );
}

/** GET /transfers query: dotted names as the reference spells them. */
export class ListTransfersQuery {
  static readonly fieldPath = '';

  @TextParam('Only the transfers of this transfer token (as filter.tokenId).')
  tokenId?: string;

  @TextParam('The offset of the next page, from the previous answer (opaque).', 512)
  'page.offset'?: string;

  @PageLimitParam(TRANSFERS_PAGE_LIMIT_MAX, 'The most transfers to answer; less than 200.')
  'page.limit'!: number;

  @TextParam('Only the transfers of this transfer token.')
  'filter.tokenId'?: string;

  @TimeParam('Only transfers created at or after this time.')
  'filter.startTimeMs'?: number;

  @TimeParam('Only transfers created at or before this time.', (end, query) => {
    const start = query['filter.startTimeMs'];
    return typeof start === 'number' && end < start ? 'must not be before filter.startTimeMs' : undefined;
  })
  'filter.endTimeMs'?: number;

  @ChoiceParam('Only transfers in this status.', STATUS_VALUES)
  'filter.transactionStatus'?: string;

  @ChoiceParam(
    "The member's role: a member is always the payee of its transfers, so PAYER finds none; ANY and PAYEE find all.",
    TRANSFER_ROLES,
  )
  'filter.role'?: TransferRole;

  @TextParam('Only transfers made on behalf of this sub-TPP.', 128)
  'filter.actingAsRefId'?: string;

  @TextParam('Only transfers with this refId.', 128)
  'filter.refId'?: string;

  @ChoiceParam('Only transfers with this refund status (UNSET: any).', TRANSFER_REFUND_STATUSES)
  'filter.transferRefundStatus'?: TransferRefundStatus;
}

export function toListTransfersCommand(memberId: MemberId, query: ListTransfersQuery): ListTransfersCommand {
  const status = query['filter.transactionStatus'];
  const tokenIds = [query.tokenId, query['filter.tokenId']].filter((id): id is string => typeof id === 'string');
  return {
    memberId,
    limit: query['page.limit'],
    ...(query['page.offset'] === undefined ? {} : { offset: query['page.offset'] }),
    tokenIds,
    ...(query['filter.startTimeMs'] === undefined ? {} : { startTimeMs: query['filter.startTimeMs'] }),
    ...(query['filter.endTimeMs'] === undefined ? {} : { endTimeMs: query['filter.endTimeMs'] }),
    ...(status === undefined ? {} : { status: STATUS_ALIASES[status] ?? (status as TransferStatus) }),
    ...(query['filter.role'] === undefined ? {} : { role: query['filter.role'] }),
    ...(query['filter.actingAsRefId'] === undefined ? {} : { actingAsRefId: query['filter.actingAsRefId'] }),
    ...(query['filter.refId'] === undefined ? {} : { refId: query['filter.refId'] }),
    ...(query['filter.transferRefundStatus'] === undefined
      ? {}
      : { refundStatus: query['filter.transferRefundStatus'] }),
  };
}
