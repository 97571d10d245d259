import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ValidateNested } from 'class-validator';
import type { CreateVrpConsentCommand } from '#libs/application';
import {
  CALLBACK_URL_MAX_LENGTH,
  DEFAULT_VRP_PERIOD_ALIGNMENT,
  REF_ID_MAX_LENGTH,
  REMITTANCE_PRIMARY_MAX_LENGTH,
  REMITTANCE_SECONDARY_MAX_LENGTH,
  VRP_LOCAL_INSTRUMENTS,
  VRP_PERIOD_ALIGNMENTS,
  VRP_PERIOD_TYPES,
  VRP_SCHEMES,
  checkCallbackUrl,
  checkCurrency,
  checkMaximumOccurrences,
  checkVrpDateTime,
  normalizeAccountNumber,
  normalizeSortCode,
  normalizeText,
  type VrpConsentInitiationInput,
  type VrpParty,
  type VrpPeriodAlignment,
  type VrpPeriodType,
} from '#libs/domain';
import { FieldCheck, isAbsent, placeDto } from '../../shared/dto/field-check.js';
import {
  ApiField,
  ChoiceField,
  FlagField,
  NestedField,
  NotAnObject,
  TextField,
} from '../../shared/dto/field-decorators.js';
import { CURRENCY_FORMAT, DATE_TIME_FORMAT } from '../../shared/dto/stated-formats.js';
import { attachRailContext } from '../../shared/dto/rail-context.js';
import { RiskDto } from '../../shared/dto/risk.dto.js';
import { VrpCreditorDto, VrpDebtorDto } from './vrp-parties.dto.js';
import { VrpAmountField, VrpPeriodicLimitDto } from './vrp-periodic-limit.dto.js';

/** What the accounts and amounts are checked with: the consent's rail and currency. */
function railOf(initiation: unknown): object {
  const record = (typeof initiation === 'object' && initiation !== null ? initiation : {}) as Record<string, unknown>;
  return { localInstrument: record.localInstrument, amount: { currency: record.currency }, bankId: record.bankId };
}

function DateTimeField(description: string): PropertyDecorator {
  return applyDecorators(
    ApiField({ ...DATE_TIME_FORMAT, required: false, description, example: '2026-12-01T00:00:00Z' }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      return typeof value === 'string' ? checkVrpDateTime(value) : 'must be an ISO 8601 date-time string';
    }),
  );
}

/** The reference's VrpConsentInitiation. */
export class VrpConsentInitiationDto {
  static readonly fieldPath = 'initiation';

  @TextField({
    description:
      'The bank (from GET /v2/banks, with variable recurring payments). Without it the user picks the bank on the hosted pages.',
    max: 128,
    example: 'ob-sandbox-gb',
  })
  bankId?: string;

  @TextField({
    description: 'The TPP’s reference of the consent.',
    required: true,
    max: REF_ID_MAX_LENGTH,
    example: 'sweep-4711',
  })
  refId!: string;

  @TextField({
    description: 'The reference payments under the consent carry.',
    required: true,
    max: REMITTANCE_PRIMARY_MAX_LENGTH,
    example: 'Sweep to savings',
  })
  remittanceInformationPrimary!: string;

  @TextField({ description: 'Further remittance information.', max: REMITTANCE_SECONDARY_MAX_LENGTH })
  remittanceInformationSecondary?: string;

  @DateTimeField('From when payments may be made; not earlier than now; the creation time when absent.')
  startDateTime?: string;

  @DateTimeField('Until when payments may be made; after startDateTime.')
  endDateTime?: string;

  @TextField({ description: 'The sub-TPP the consent is made for (mandatory for unregulated members).', max: 128 })
  onBehalfOfId?: string;

  @ChoiceField({
    description:
      'OBL_SWEEPING (the reference’s value), or OBL_COMMERCIAL, the gateway’s extension for commercial VRP (UK.OBIE.VRPType.Other).',
    required: true,
    values: VRP_SCHEMES,
    example: 'OBL_SWEEPING',
  })
  scheme!: string;

  @ChoiceField({
    description: 'The rail: Faster Payments.',
    required: true,
    values: VRP_LOCAL_INSTRUMENTS,
    example: 'FASTER_PAYMENTS',
  })
  localInstrument!: string;

  @NestedField({
    description: 'The payer’s UK account, when known.',
    type: () => VrpDebtorDto,
    attach: (child, parent) => attachRailContext(child, railOf(parent)),
  })
  debtor?: VrpDebtorDto;

  @NestedField({
    description: 'The payee: a UK account (sort code and account number) and its holder.',
    required: true,
    type: () => VrpCreditorDto,
    attach: (child, parent) => attachRailContext(child, railOf(parent)),
  })
  creditor!: VrpCreditorDto;

  @applyDecorators(
    ApiField({
      ...CURRENCY_FORMAT,
      description: 'ISO 4217 code of every amount and payment (GBP for Faster Payments).',
      example: 'GBP',
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return 'is required';
      return typeof value === 'string' ? checkCurrency(value) : 'must be a string such as "GBP"';
    }),
  )
  currency!: string;

  @VrpAmountField({ description: 'The least one payment may be.', required: false })
  minimumIndividualAmount?: string;

  @VrpAmountField({ description: 'The most one payment may be.', required: true })
  maximumIndividualAmount!: string;

  @applyDecorators(
    ApiField({
      type: () => VrpPeriodicLimitDto,
      isArray: true,
      minItems: 1,
      maxItems: VRP_PERIOD_TYPES.length * VRP_PERIOD_ALIGNMENTS.length,
      description: 'Limits per period, applied together; at least one, one per period type and alignment.',
    }),
    Type(() => VrpPeriodicLimitDto),
    Transform(({ value, obj }: { value: unknown; obj: unknown }) => {
      if (isAbsent(value)) return undefined;
      if (!Array.isArray(value)) return new NotAnObject();
      return value.map((entry: unknown, index) => {
        if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return new NotAnObject();
        placeDto(entry, `initiation.periodicLimits.${index}`);
        attachRailContext(entry, railOf(obj));
        return entry;
      });
    }),
    ValidateNested({ each: true }),
    FieldCheck((value) => {
      if (value === undefined) return 'is required';
      if (!Array.isArray(value)) return 'must be an array';
      if (value.length === 0) return 'must have at least 1 entry';
      const index = (value as unknown[]).findIndex((entry) => entry instanceof NotAnObject);
      return index === -1 ? undefined : `entry ${index} must be an object`;
    }),
  )
  periodicLimits!: VrpPeriodicLimitDto[];

  @applyDecorators(
    ApiPropertyOptional({
      type: 'integer',
      format: 'int32',
      minimum: 0,
      maximum: 2_147_483_647,
      description: 'Payments allowed under the consent; 0 sets no limit.',
      example: 12,
    }),
    FieldCheck((value) => (isAbsent(value) ? undefined : checkMaximumOccurrences(value))),
  )
  maximumOccurrences?: number;

  @TextField({
    description: 'Where the user returns after the bank (https, not under the gateway’s own host).',
    required: true,
    max: CALLBACK_URL_MAX_LENGTH,
    rule: (value) => checkCallbackUrl(value),
    example: 'https://tpp.example/vrp/callback',
  })
  callbackUrl!: string;

  @TextField({
    description: 'Returned on the callbackUrl to match the return to the consent.',
    required: true,
    max: 256,
    example: '6242e45e-3063-4c42-8376',
  })
  callbackState!: string;

  @FlagField({ description: 'Include the refund account in VRPs under the consent.' })
  returnRefundAccount?: boolean;

  @NestedField({ description: 'Risk scoring details.', type: () => RiskDto })
  risk?: RiskDto;
}

/** POST /vrp-consents: the reference's vrpconsents_body. */
export class CreateVrpConsentRequest {
  static readonly fieldPath = '';

  @NestedField({ description: 'The consent.', required: true, type: () => VrpConsentInitiationDto })
  initiation!: VrpConsentInitiationDto;

  @FlagField({ description: 'The user accepted the consent in the TPP’s interface.' })
  pispConsentAccepted?: boolean;
}

const text = (value: string | undefined | null): string | undefined =>
  isAbsent(value) ? undefined : normalizeText(value);

function party(value: VrpCreditorDto | VrpDebtorDto, raw: Readonly<Record<string, unknown>>): VrpParty {
  const entries: Record<string, unknown> = {
    name: text(value.name),
    sortCode: isAbsent(value.sortCode) ? undefined : normalizeSortCode(value.sortCode),
    accountNumber: isAbsent(value.accountNumber) ? undefined : normalizeAccountNumber(value.accountNumber),
    ultimateCreditorName: 'ultimateCreditorName' in value ? text(value.ultimateCreditorName) : undefined,
    ultimateDebtorName: 'ultimateDebtorName' in value ? text(value.ultimateDebtorName) : undefined,
    bankName: 'bankName' in value ? text(value.bankName) : undefined,
    address: isAbsent(raw['address']) ? undefined : raw['address'],
  };
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
}

/** The validated request as the use case's input: texts trimmed, accounts normalised, alignments defaulted. */
export function toVrpConsentInitiationInput(body: CreateVrpConsentRequest, raw: unknown): VrpConsentInitiationInput {
  const initiation = body.initiation;
  const sent = (raw as { initiation: Record<string, unknown> }).initiation;
  const optional: Record<string, unknown> = {
    bankId: text(initiation.bankId),
    remittanceInformationSecondary: text(initiation.remittanceInformationSecondary),
    startDateTime: initiation.startDateTime ?? undefined,
    endDateTime: initiation.endDateTime ?? undefined,
    onBehalfOfId: text(initiation.onBehalfOfId),
    debtor: isAbsent(initiation.debtor)
      ? undefined
      : party(initiation.debtor, sent['debtor'] as Readonly<Record<string, unknown>>),
    minimumIndividualAmount: initiation.minimumIndividualAmount ?? undefined,
    maximumOccurrences: initiation.maximumOccurrences ?? undefined,
    returnRefundAccount: initiation.returnRefundAccount ?? undefined,
    risk: isAbsent(sent['risk']) ? undefined : sent['risk'],
  };
  return {
    ...(Object.fromEntries(
      Object.entries(optional).filter(([, v]) => v !== undefined),
    ) as Partial<VrpConsentInitiationInput>),
    refId: normalizeText(initiation.refId),
    remittanceInformationPrimary: normalizeText(initiation.remittanceInformationPrimary),
    scheme: initiation.scheme as VrpConsentInitiationInput['scheme'],
    localInstrument: initiation.localInstrument as VrpConsentInitiationInput['localInstrument'],
    creditor: party(
      initiation.creditor,
      sent['creditor'] as Readonly<Record<string, unknown>>,
    ) as VrpConsentInitiationInput['creditor'],
    currency: initiation.currency,
    maximumIndividualAmount: initiation.maximumIndividualAmount,
    periodicLimits: initiation.periodicLimits.map((limit) => ({
      maximumAmount: limit.maximumAmount,
      periodType: limit.periodType as VrpPeriodType,
      periodAlignment: (limit.periodAlignment ?? DEFAULT_VRP_PERIOD_ALIGNMENT) as VrpPeriodAlignment,
    })),
    callbackUrl: normalizeText(initiation.callbackUrl),
    callbackState: initiation.callbackState,
  };
}

export function toCreateVrpConsentCommand(
  body: CreateVrpConsentRequest,
  raw: unknown,
  member: CreateVrpConsentCommand['member'],
  context: { readonly traceId?: string; readonly psuIpAddress?: string },
): CreateVrpConsentCommand {
  return { member, input: toVrpConsentInitiationInput(body, raw), ...context };
}
