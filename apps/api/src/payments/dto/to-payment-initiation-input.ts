import { normalizeText, type PaymentCreditor, type PaymentInitiationInput, type PaymentRisk } from '#libs/domain';
import type { DeliveryAddressDto } from '../../shared/dto/address.dto.js';
import type { CreditorDto, PaymentCreditorDto } from '../../shared/dto/creditor.dto.js';
import { accountOf, addressOf, compact, debtorOf, text, texts } from '../../shared/dto/to-domain-fields.js';
import type { PaymentInitiationDto } from './payment-initiation.dto.js';
import type { RiskDto } from '../../shared/dto/risk.dto.js';

type Defined<T> = { [K in keyof T]: Exclude<T[K], undefined> };

function deliveryAddressOf(dto: DeliveryAddressDto | null | undefined): Readonly<Record<string, unknown>> | undefined {
  if (dto === undefined || dto === null) return undefined;
  return compact({
    addressLine: texts(dto.addressLine),
    addressType: dto.addressType,
    buildingNumber: text(dto.buildingNumber),
    country: dto.country,
    countrySubDivision: texts(dto.countrySubDivision),
    department: text(dto.department),
    postCode: text(dto.postCode),
    streetName: text(dto.streetName),
    subDepartment: text(dto.subDepartment),
    townName: text(dto.townName),
  });
}

function creditorOf(dto: CreditorDto | PaymentCreditorDto): PaymentCreditor {
  return compact<PaymentCreditor>({
    // A settlement account's name is filled in from the account when the request gives none.
    name: dto.name === undefined || dto.name === null ? '' : normalizeText(dto.name),
    virtualAccountId: 'virtualAccountId' in dto ? text(dto.virtualAccountId) : undefined,
    ultimateCreditorName: text(dto.ultimateCreditorName),
    bankName: text(dto.bankName),
    accountVerificationId: text(dto.accountVerificationId),
    address: addressOf(dto.address),
    ...accountOf(dto),
  });
}

function riskOf(dto: RiskDto | null | undefined): PaymentRisk | undefined {
  if (dto === undefined || dto === null) return undefined;
  return compact<PaymentRisk>({
    psuId: text(dto.psuId),
    paymentContextCode: dto.paymentContextCode,
    paymentPurposeCode: dto.paymentPurposeCode,
    merchantCategoryCode: text(dto.merchantCategoryCode),
    beneficiaryAccountType: dto.beneficiaryAccountType,
    contractPresentIndicator: dto.contractPresentIndicator,
    beneficiaryPrepopulatedIndicator: dto.beneficiaryPrepopulatedIndicator,
    deliveryAddress: deliveryAddressOf(dto.deliveryAddress),
  });
}

/**
 * The validated request as the domain's PaymentInitiationInput: texts trimmed, IBAN/BIC/BBAN
 * upper case without spaces, sort codes and giro numbers as digits, absent (or null) optionals
 * omitted. Call it on a DTO the validation pipe accepted.
 */
export function toPaymentInitiationInput(dto: PaymentInitiationDto): PaymentInitiationInput {
  const required: Defined<
    Pick<
      PaymentInitiationInput,
      'refId' | 'remittanceInformationPrimary' | 'amount' | 'localInstrument' | 'creditor' | 'callbackUrl'
    >
  > = {
    refId: normalizeText(dto.refId),
    remittanceInformationPrimary: normalizeText(dto.remittanceInformationPrimary),
    amount: { value: dto.amount.value, currency: dto.amount.currency },
    localInstrument: dto.localInstrument,
    creditor: creditorOf(dto.creditor),
    callbackUrl: normalizeText(dto.callbackUrl),
  };
  return compact<PaymentInitiationInput>({
    bankId: text(dto.bankId),
    ...required,
    remittanceInformationSecondary: text(dto.remittanceInformationSecondary),
    onBehalfOfId: text(dto.onBehalfOfId),
    vrpConsentId: text(dto.vrpConsentId),
    debtor: debtorOf(dto.debtor),
    executionDate: text(dto.executionDate),
    confirmFunds: dto.confirmFunds,
    returnRefundAccount: dto.returnRefundAccount,
    disableFutureDatedPaymentConversion: dto.disableFutureDatedPaymentConversion,
    returnTokenizedAccount: dto.returnTokenizedAccount,
    callbackState: text(dto.callbackState),
    chargeBearer: dto.chargeBearer,
    risk: riskOf(dto.risk),
    flowType: dto.flowType,
    externalPsuReference: text(dto.externalPsuReference),
  });
}
