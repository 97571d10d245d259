import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { SETTLEMENT_RULE_AMOUNT_TYPES, SETTLEMENT_RULE_STATUSES, SETTLEMENT_RULE_TIME_INTERVALS } from '#libs/domain';
import { PayeeAccountDetailsDto } from './payee-account-details.dto.js';

/** The reference's SettlementRule. */
@ApiSchema({ name: 'SettlementRule' })
export class SettlementRuleResponse {
  @ApiProperty({ format: 'uuid' }) settlementRuleId!: string;
  @ApiProperty({ description: 'The settlement account the rule pays from.' }) payerAccountId!: string;
  @ApiProperty({ type: () => PayeeAccountDetailsDto }) payeeAccountDetails!: PayeeAccountDetailsDto;
  @ApiProperty({ enum: SETTLEMENT_RULE_AMOUNT_TYPES }) amountType!: string;
  @ApiProperty({ example: '10.00' }) amountValue!: string;
  @ApiPropertyOptional() effectiveFrom?: string;
  @ApiPropertyOptional() effectiveTo?: string;
  @ApiProperty({ enum: SETTLEMENT_RULE_TIME_INTERVALS }) timeInterval!: string;
  @ApiPropertyOptional() description?: string;
  @ApiProperty({ enum: SETTLEMENT_RULE_STATUSES }) status!: string;
}

/** An amount as answered: a decimal string and an ISO 4217 currency. */
@ApiSchema({ name: 'SettlementRulePayoutAmount' })
export class SettlementRulePayoutAmountResponse {
  @ApiProperty({ example: '10.00' }) value!: string;
  @ApiProperty({ example: 'GBP' }) currency!: string;
}

/** The settlement account a rule's payout is made from. */
@ApiSchema({ name: 'SettlementRulePayoutDebtor' })
export class SettlementRulePayoutDebtorResponse {
  @ApiProperty() accountId!: string;
}

/** What a run of the rule paid, as a payout's initiation. */
@ApiSchema({ name: 'SettlementRulePayoutInitiation' })
export class SettlementRulePayoutInitiationResponse {
  @ApiProperty({ enum: ['PAYOUT'] }) paymentType!: string;
  @ApiProperty() description!: string;
  @ApiProperty() refId!: string;
  @ApiProperty({ type: () => SettlementRulePayoutAmountResponse }) amount!: SettlementRulePayoutAmountResponse;
  @ApiProperty({ type: () => SettlementRulePayoutDebtorResponse }) debtor!: SettlementRulePayoutDebtorResponse;
  @ApiProperty({ type: () => PayeeAccountDetailsDto }) creditor!: PayeeAccountDetailsDto;
}

/** The reference's SettlementRulePayout: a run of a rule as the payout it made (or failed to make). */
@ApiSchema({ name: 'SettlementRulePayout' })
export class SettlementRulePayoutResponse {
  @ApiProperty({ description: "The payout's id (the run's, for a run that could not pay)." }) id!: string;
  @ApiPropertyOptional() bankTransactionId?: string;
  @ApiProperty() memberId!: string;
  @ApiProperty({ format: 'date-time' }) createdDateTime!: string;
  @ApiProperty({ format: 'date-time' }) updatedDateTime!: string;
  @ApiProperty({ description: "The payout's status (INITIATION_FAILED for a run that could not pay)." })
  status!: string;
  @ApiPropertyOptional() bankPaymentStatus?: string;
  @ApiPropertyOptional() statusReasonInformation?: string;
  @ApiProperty({ type: () => SettlementRulePayoutInitiationResponse })
  initiation!: SettlementRulePayoutInitiationResponse;
  @ApiProperty() reference!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ format: 'uuid' }) settlementRuleId!: string;
}
