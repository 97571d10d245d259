import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { PAYMENT_LINK_STATUSES } from '#libs/domain';
import { PaymentTemplateDto } from './create-payment-link.request.js';

/** The link's template as accepted, with `id`: the link's id. */
@ApiSchema({ name: 'PaymentLinkTemplate' })
export class PaymentLinkTemplateResponse extends PaymentTemplateDto {
  @ApiProperty({ description: "The link's id." }) id!: string;
}

/** The link's limits as they stand (maxUsageCount always, its default when not sent). */
@ApiSchema({ name: 'PaymentLinkConfig' })
export class PaymentLinkConfigResponse {
  @ApiProperty({ type: 'integer', format: 'int32', minimum: 1, maximum: 2_147_483_647, example: 2 })
  maxUsageCount!: number;
  @ApiPropertyOptional({ example: '25.00' }) perPaymentAmountLimit?: string;
  @ApiPropertyOptional({ example: '100.00' }) totalAmountLimit?: string;
  @ApiPropertyOptional({ format: 'date-time' }) expiresAt?: string;
}

/** What the link may still be used for. */
@ApiSchema({ name: 'PaymentLinkUsage' })
export class PaymentLinkUsageResponse {
  @ApiProperty({ type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647 }) remainingCount!: number;
  @ApiPropertyOptional({ description: 'With a totalAmountLimit: what is left of it.', example: '75.00' })
  remainingAmount?: string;
}

/** The reference's PaymentLink. */
@ApiSchema({ name: 'PaymentLink' })
export class PaymentLinkResponse {
  @ApiProperty() id!: string;
  @ApiProperty() memberId!: string;
  @ApiProperty({ enum: PAYMENT_LINK_STATUSES }) status!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: () => PaymentLinkTemplateResponse }) paymentTemplate!: PaymentLinkTemplateResponse;
  @ApiProperty({ type: () => PaymentLinkConfigResponse }) linkConfig!: PaymentLinkConfigResponse;
  @ApiProperty({ description: "The link's public page, where payers pay." }) url!: string;
  @ApiProperty({ type: () => PaymentLinkUsageResponse })
  currentUsage!: PaymentLinkUsageResponse;
}
