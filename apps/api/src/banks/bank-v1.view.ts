import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { requiresExternalAuth, scaMethodsOf, type ScaMethod } from './bank-sca-methods.js';
import { Paging } from './dto/bank-paging.response.js';
import { REFERENCE_STANDARD, type BankPage, type ListedBank } from '#libs/application';

/**
 * A bank in the v1 list, with the reference's BankV1 field names. Fields the catalogue has no
 * data for (credentialFields, mandatoryFields, fieldsFormatInformation, maintenanceWindow) are
 * left out, as the reference allows.
 */
export class BankV1 {
  @ApiProperty({ example: 'ob-sandbox-gb' }) id!: string;
  @ApiProperty({ example: 'Sandbox Bank UK' }) name!: string;
  @ApiPropertyOptional({ description: "The first of the bank's BICs.", example: 'SBOXGB2L' }) bic?: string;
  @ApiProperty({ type: [String], example: ['GB'] }) countries!: string[];
  @ApiProperty() logoUri!: string;
  @ApiPropertyOptional() fullLogoUri?: string;
  @ApiProperty({ example: 'Gateway Direct' }) provider!: string;
  @ApiPropertyOptional() bankGroup?: string;
  @ApiPropertyOptional({
    description: 'A national bank code (German BLZ ...), when the bank has one.',
    example: '10020030',
  })
  identifier?: string;
  @ApiProperty({ enum: ['UK_Open_Banking_Standard', 'NextGenPsd2'] }) openBankingStandard!: string;
  @ApiPropertyOptional() operationalTime?: string;
  @ApiProperty() requiresExternalAuth!: boolean;
  @ApiProperty() requiresOneStepPayment!: boolean;
  @ApiProperty({ enum: ['REDIRECT', 'DECOUPLED', 'EMBEDDED_MULTI_STEP'], isArray: true }) scaMethods!: ScaMethod[];
  @ApiProperty({ type: [String], example: ['FASTER_PAYMENTS'] }) supportedTransferDestinationTypes!: string[];
  @ApiProperty() supportsAccountInformation!: boolean;
  @ApiProperty() supportsBalance!: boolean;
  @ApiProperty() supportsFundsConfirmation!: boolean;
  @ApiProperty() supportsReceivePayment!: boolean;
  @ApiProperty() supportsReturnRefundAccount!: boolean;
  @ApiProperty() supportsScheduledPayment!: boolean;
  @ApiProperty() supportsSendPayment!: boolean;
  @ApiProperty() supportsSinglePayment!: boolean;
  @ApiProperty() supportsStandingOrder!: boolean;
  @ApiProperty() supportsTransactionsDateFilter!: boolean;
  @ApiProperty() supportsVariableRecurringPayment!: boolean;
  @ApiProperty({ description: '-1 (unlimited) or the records per page.', example: -1 })
  transactionHistoryLimit!: number;
}

/**
 * GET /banks. The reference also lists top-level `rank` (integer) and `bankSubGroup` (string)
 * while the interface describes them as arrays; both are optional, so they are left out rather
 * than answered in a shape one of the two documents rejects.
 */
export class GetBanksResponse {
  @ApiProperty({ type: [BankV1] }) banks!: BankV1[];
  @ApiProperty({ type: Paging }) paging!: Paging;
}

export function toBankV1(bank: ListedBank): BankV1 {
  const f = bank.features;
  return {
    id: bank.id,
    name: bank.name,
    bic: bank.bics[0],
    countries: [...bank.countries],
    logoUri: bank.logoUri,
    fullLogoUri: bank.fullLogoUri,
    provider: bank.provider,
    bankGroup: bank.bankGroup,
    identifier: bank.bankCodes[0],
    openBankingStandard: REFERENCE_STANDARD[bank.openBankingStandard],
    operationalTime: bank.operationalTime,
    requiresExternalAuth: requiresExternalAuth(bank.scaApproaches),
    requiresOneStepPayment: f.requires_one_step_payment,
    scaMethods: scaMethodsOf(bank.scaApproaches),
    supportedTransferDestinationTypes: [...bank.supportedLocalInstruments],
    supportsAccountInformation: f.supports_account_information,
    supportsBalance: f.supports_balance,
    supportsFundsConfirmation: f.supports_funds_confirmation,
    supportsReceivePayment: f.supports_receive_payment,
    supportsReturnRefundAccount: f.supports_return_refund_account,
    supportsScheduledPayment: f.supports_scheduled_payment,
    supportsSendPayment: f.supports_send_payment,
    supportsSinglePayment: f.supports_single_payment,
    supportsStandingOrder: f.supports_standing_order,
    supportsTransactionsDateFilter: f.supports_transactions_date_filter,
    supportsVariableRecurringPayment: f.supports_variable_recurring_payment,
    transactionHistoryLimit: bank.transactionHistoryLimit,
  };
}

export function toGetBanksResponse(page: BankPage): GetBanksResponse {
  return { banks: page.banks.map(toBankV1), paging: { ...page.paging } };
}
