import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { PAYMENT_REFUND_STATUSES, TRANSFER_STATUSES } from '#libs/domain';
import { TransferAmountDto } from './create-transfer.request.js';

/** What the transfer pays, from its token (and the redeem request's amount, where it gave one). */
@ApiSchema({ name: 'TransferPayload' })
export class TransferPayloadResponse {
  @ApiProperty() refId!: string;
  @ApiProperty() tokenId!: string;
  @ApiProperty({ type: () => TransferAmountDto }) amount!: TransferAmountDto;
  @ApiPropertyOptional() description?: string;
  @ApiPropertyOptional({
    type: 'array',
    items: { $ref: '#/components/schemas/TransferDestinationDto' },
    description: "As the token request gave them (the token request's TransferDestination).",
  })
  transferDestinations?: Record<string, unknown>[];
  @ApiPropertyOptional() confirmFunds?: boolean;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: "The instructions' metadata." })
  metadata?: Record<string, unknown>;
}

/** The bank's id and status of the payment. */
@ApiSchema({ name: 'TransferProviderDetails' })
export class TransferProviderDetailsResponse {
  @ApiPropertyOptional() id?: string;
  @ApiPropertyOptional() status?: string;
}

/** How much of the transfer has been refunded. */
@ApiSchema({ name: 'TransferRefundDetails' })
export class TransferRefundDetailsResponse {
  @ApiProperty({ enum: PAYMENT_REFUND_STATUSES }) transferRefundStatus!: string;
}

/** A signature over the transfer's payload (none are made: the list is empty). */
@ApiSchema({ name: 'PayloadSignature' })
export class PayloadSignatureResponse {
  @ApiProperty() memberId!: string;
  @ApiProperty() keyId!: string;
  @ApiProperty() signature!: string;
}

/** The payer's names, as the bank reported them. */
@ApiSchema({ name: 'TransferSourceCustomerData' })
export class TransferSourceCustomerDataResponse {
  @ApiProperty({ type: [String] }) legalNames!: string[];
}

/** The account paid from, as the bank reported it (the interface's TransferDebtorEndpointResponse). */
@ApiSchema({ name: 'TransferSource' })
export class TransferSourceResponse {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'One object keyed by its kind: iban, gbDomestic, bban, bankgiro or plusgiro.',
    example: { gbDomestic: { sortCode: '040004', accountNumber: '12345678' } },
  })
  accountIdentifier!: Record<string, unknown>;
  @ApiProperty() bankId!: string;
  @ApiPropertyOptional() bic?: string;
  @ApiPropertyOptional({ type: () => TransferSourceCustomerDataResponse })
  customerData?: TransferSourceCustomerDataResponse;
}

/** The interface's Transfer. */
@ApiSchema({ name: 'Transfer' })
export class TransferResponse {
  @ApiProperty({ example: 't:4QExXrhKTxfShBdcTeqFabqJ' }) id!: string;
  @ApiProperty({ description: 'Unix epoch milliseconds, as a string.', example: '1767225600000' })
  createdAtMs!: string;
  @ApiProperty({ enum: TRANSFER_STATUSES }) status!: string;
  @ApiProperty({ type: () => TransferPayloadResponse }) payload!: TransferPayloadResponse;
  @ApiProperty({ type: () => [PayloadSignatureResponse] }) payloadSignatures!: PayloadSignatureResponse[];
  @ApiProperty() convertedToFutureDatedPayment!: boolean;
  @ApiPropertyOptional({
    allOf: [{ $ref: '#/components/schemas/ActingAsDto' }],
    description: "The token request's actingAs: the party the token was made on behalf of.",
  })
  actingAs?: Record<string, unknown>;
  @ApiPropertyOptional({ format: 'date', description: 'A future-dated payment: the day it is made.' })
  executionDate?: string;
  @ApiPropertyOptional({ type: () => TransferProviderDetailsResponse })
  providerDetails?: TransferProviderDetailsResponse;
  @ApiProperty({ type: () => TransferRefundDetailsResponse }) refundDetails!: TransferRefundDetailsResponse;
  @ApiPropertyOptional({ type: () => TransferSourceResponse }) source?: TransferSourceResponse;
  @ApiPropertyOptional() statusReasonInformation?: string;
  @ApiPropertyOptional() transactionId?: string;
}
