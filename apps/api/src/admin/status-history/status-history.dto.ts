import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageLimitParam, PageOffsetParam, type AdminPaging } from '../admin-paging.js';

export class StatusHistoryQuery {
  @PageLimitParam()
  limit?: number;

  @PageOffsetParam('Opaque offset from the previous page (oldest first).', 40)
  offset?: string;
}

export class StatusChangeView {
  @ApiProperty({ description: 'When the status changed (the event time).', example: '2026-11-27T10:15:02.113Z' })
  changedDateTime!: string;
  @ApiPropertyOptional({ description: 'The status before the change; absent for the first one (the creation).' })
  fromStatus?: string;
  @ApiProperty({ example: 'INITIATION_COMPLETED' }) toStatus!: string;
  @ApiPropertyOptional({ description: "The change's statusReasonInformation, when it had one." }) reason?: string;
  @ApiProperty({ description: 'The notification that announced it (body `id`, `webhook-id`).' }) eventId!: string;
}

export class StatusHistoryResponse {
  @ApiProperty() resourceId!: string;
  @ApiProperty({ enum: ['PAYMENT', 'TRANSFER', 'REFUND', 'VRP', 'VRP_CONSENT', 'PAYOUT'] }) resourceType!: string;
  @ApiProperty() memberId!: string;
  @ApiProperty({ type: [StatusChangeView], description: 'Oldest first.' }) changes!: StatusChangeView[];
  @ApiProperty({ example: { limit: 50, offset: '42' } }) paging!: AdminPaging;
}
