import {
  BANK_FEATURES,
  type BankFeature,
  type LocalInstrument,
  type OpenBankingStandard,
  type ScaApproach,
} from '#libs/connectors';
import type { Bank } from '#libs/db';

/** A bank of the current catalogue as the list endpoints see it (no connector settings). */
export interface ListedBank {
  readonly id: string;
  readonly name: string;
  readonly countries: readonly string[];
  readonly bics: readonly string[];
  readonly bankCodes: readonly string[];
  readonly logoUri: string;
  readonly fullLogoUri: string | undefined;
  readonly provider: string;
  readonly bankGroup: string | undefined;
  readonly bankSubGroup: string | undefined;
  readonly openBankingStandard: OpenBankingStandard;
  readonly supportedLocalInstruments: readonly LocalInstrument[];
  readonly scaApproaches: readonly ScaApproach[];
  readonly features: Readonly<Record<BankFeature, boolean>>;
  readonly rank: number | undefined;
  readonly operationalTime: string | undefined;
  readonly transactionHistoryLimit: number;
}

/**
 * How the reference's OpenBankingStandard enum names the catalogue's standards (the v2 filter and
 * both lists speak these names). Berlin Group's standard is NextGenPSD2.
 */
export const REFERENCE_STANDARD: Readonly<Record<OpenBankingStandard, string>> = {
  UK_OPEN_BANKING_STANDARD: 'UK_Open_Banking_Standard',
  BERLIN_GROUP_STANDARD: 'NextGenPsd2',
};

function featuresOf(json: Bank['features']): Record<BankFeature, boolean> {
  const stored = typeof json === 'object' && json !== null && !Array.isArray(json) ? json : {};
  return Object.fromEntries(BANK_FEATURES.map((feature) => [feature, stored[feature] === true])) as Record<
    BankFeature,
    boolean
  >;
}

/** A stored row as a ListedBank. The enum columns were validated when the catalogue was loaded. */
export function toListedBank(row: Bank): ListedBank {
  return {
    id: row.id,
    name: row.name,
    countries: row.countries,
    bics: row.bics,
    bankCodes: row.bankCodes,
    logoUri: row.logoUri,
    fullLogoUri: row.fullLogoUri ?? undefined,
    provider: row.provider,
    bankGroup: row.bankGroup ?? undefined,
    bankSubGroup: row.bankSubGroup ?? undefined,
    openBankingStandard: row.openBankingStandard as OpenBankingStandard,
    supportedLocalInstruments: row.supportedLocalInstruments as LocalInstrument[],
    scaApproaches: row.scaApproaches as ScaApproach[],
    features: featuresOf(row.features),
    rank: row.rank ?? undefined,
    operationalTime: row.operationalTime ?? undefined,
    transactionHistoryLimit: row.transactionHistoryLimit,
  };
}
