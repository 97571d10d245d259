import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { scaMethodsOf, type ScaMethod } from './bank-sca-methods.js';
import { Paging } from './dto/bank-paging.response.js';
import { REFERENCE_STANDARD, type BankPage, type ListedBank } from '#libs/application';

/**
 * A bank in the v2 list, with the reference's BankV2 field names. Fields the catalogue has no data
 * for (initialEmbeddedAuthFields, mandatoryFields, fieldsFormatInformation, maintenanceWindow)
 * are left out, as the reference allows.
 */
export class BankV2 {
  @ApiProperty({ example: 'ob-sandbox-gb' }) id!: string;
  @ApiPropertyOptional({ description: "The first of the bank's BICs.", example: 'SBOXGB2L' }) bic?: string;
  @ApiProperty({ example: 'Sandbox Bank UK' }) name!: string;
  @ApiProperty() logoUri!: string;
  @ApiPropertyOptional() bankGroup?: string;
  @ApiPropertyOptional() bankSubGroup?: string;
  @ApiProperty({ type: [String], example: ['GB'] }) countries!: string[];
  @ApiProperty({ enum: ['UK_Open_Banking_Standard', 'NextGenPsd2'] }) openBankingStandard!: string;
  @ApiProperty({ enum: ['REDIRECT', 'DECOUPLED', 'EMBEDDED_MULTI_STEP'], isArray: true }) scaMethods!: ScaMethod[];
  @ApiProperty({ type: [String], example: ['SEPA', 'SEPA_INSTANT'] }) supportedLocalInstruments!: string[];
  @ApiPropertyOptional() operationalTime?: string;
  @ApiProperty({ description: '-1 (unlimited) or the records per page.', example: -1 })
  transactionHistoryLimit!: number;
  @ApiProperty() supportsAccountList!: boolean;
  @ApiProperty() supportsAccountDetails!: boolean;
  @ApiProperty() supportsAccountBalance!: boolean;
  @ApiProperty() supportsTransactionList!: boolean;
  @ApiProperty() supportsTransactionDetails!: boolean;
  @ApiProperty() supportsStandingOrderList!: boolean;
  @ApiProperty() supportsTransactionsDateFilter!: boolean;
  @ApiProperty() requiresOneStepPayment!: boolean;
  @ApiProperty() supportsSinglePayment!: boolean;
  @ApiProperty() supportsScheduledPayment!: boolean;
  @ApiProperty() supportsSendPayment!: boolean;
  @ApiProperty() supportsReceivePayment!: boolean;
  @ApiProperty() supportsStandingOrder!: boolean;
  @ApiProperty() supportsReturnRefundAccount!: boolean;
  @ApiProperty() supportsFundsConfirmation!: boolean;
  @ApiProperty() supportsVariableRecurringPayment!: boolean;
}

/** GET /v2/banks. Top-level `rank` and `bankSubGroup` are left out: see GetBanksResponse. */
export class GetBanksV2Response {
  @ApiProperty({ type: [BankV2] }) banks!: BankV2[];
  @ApiProperty({ type: Paging }) paging!: Paging;
}

export function toBankV2(bank: ListedBank): BankV2 {
  const f = bank.features;
  return {
    id: bank.id,
    bic: bank.bics[0],
    name: bank.name,
    logoUri: bank.logoUri,
    bankGroup: bank.bankGroup,
    bankSubGroup: bank.bankSubGroup,
    countries: [...bank.countries],
    openBankingStandard: REFERENCE_STANDARD[bank.openBankingStandard],
    scaMethods: scaMethodsOf(bank.scaApproaches),
    supportedLocalInstruments: [...bank.supportedLocalInstruments],
    operationalTime: bank.operationalTime,
    transactionHistoryLimit: bank.transactionHistoryLimit,
    supportsAccountList: f.supports_account_list,
    supportsAccountDetails: f.supports_account_details,
    supportsAccountBalance: f.supports_balance,
    supportsTransactionList: f.supports_transaction_list,
    supportsTransactionDetails: f.supports_transaction_details,
    supportsStandingOrderList: f.supports_standing_order_list,
    supportsTransactionsDateFilter: f.supports_transactions_date_filter,
    requiresOneStepPayment: f.requires_one_step_payment,
    supportsSinglePayment: f.supports_single_payment,
    supportsScheduledPayment: f.supports_scheduled_payment,
    supportsSendPayment: f.supports_send_payment,
    supportsReceivePayment: f.supports_receive_payment,
    supportsStandingOrder: f.supports_standing_order,
    supportsReturnRefundAccount: f.supports_return_refund_account,
    supportsFundsConfirmation: f.supports_funds_confirmation,
    supportsVariableRecurringPayment: f.supports_variable_recurring_payment,
  };
}

export function toGetBanksV2Response(page: BankPage): GetBanksV2Response {
  return { banks: page.banks.map(toBankV2), paging: { ...page.paging } };
}
