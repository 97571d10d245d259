import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { PAYMENT_STATUSES } from '#libs/domain';
import { RiskDto } from '../../shared/dto/risk.dto.js';

/** An amount as answered: a decimal string and an ISO 4217 currency. */
@ApiSchema({ name: 'VrpAmount' })
export class VrpAmountResponse {
  @ApiProperty({ example: '10.00' }) value!: string;
  @ApiProperty({ example: 'GBP' }) currency!: string;
}

/** What the VRP was asked to pay, under which consent. */
@ApiSchema({ name: 'VrpInitiation' })
export class VrpInitiationResponse {
  @ApiProperty() consentId!: string;
  @ApiProperty() refId!: string;
  @ApiProperty() remittanceInformationPrimary!: string;
  @ApiPropertyOptional() remittanceInformationSecondary?: string;
  @ApiProperty({ type: () => VrpAmountResponse }) amount!: VrpAmountResponse;
  @ApiPropertyOptional() confirmFunds?: boolean;
  @ApiPropertyOptional({ type: () => RiskDto }) risk?: RiskDto;
}

/** The refund account the bank gave for the VRP (kept as the bank gave it). */
@ApiSchema({ name: 'VrpRefundDetails' })
export class VrpRefundDetailsResponse {
  @ApiProperty({ type: 'object', additionalProperties: true }) refundAccount!: Record<string, unknown>;
}

/** The reference's Vrp: a payment under a VRP consent. */
@ApiSchema({ name: 'Vrp' })
export class VrpResponse {
  @ApiProperty() id!: string;
  @ApiProperty() memberId!: string;
  @ApiProperty({ type: () => VrpInitiationResponse }) initiation!: VrpInitiationResponse;
  @ApiProperty({ format: 'date-time' }) createdDateTime!: string;
  @ApiProperty({ format: 'date-time' }) updatedDateTime!: string;
  @ApiProperty({ enum: PAYMENT_STATUSES }) status!: string;
  @ApiPropertyOptional() bankVrpId?: string;
  @ApiPropertyOptional() bankVrpStatus?: string;
  @ApiPropertyOptional() statusReasonInformation?: string;
  @ApiPropertyOptional({ type: () => VrpRefundDetailsResponse }) refundDetails?: VrpRefundDetailsResponse;
}
