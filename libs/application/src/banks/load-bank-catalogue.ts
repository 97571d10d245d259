import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import { ConfigError, type AppConfig } from '#libs/common';
import { DEFAULT_TPP_INITIATED_DAILY_LIMIT } from '#libs/domain';
import { parseBankCatalogue, type BankCatalogueEntry } from '#libs/connectors';
import type { BankRecord, BankRepository, CatalogueSyncResult, Prisma } from '#libs/db';
import { sandboxBankEntries } from './sandbox-bank-entries.js';

function toRecord(entry: BankCatalogueEntry): BankRecord {
  return {
    id: entry.id,
    name: entry.name,
    countries: [...entry.countries],
    bics: [...entry.bics],
    bankCodes: [...(entry.bankCodes ?? [])],
    logoUri: entry.logoUri,
    fullLogoUri: entry.fullLogoUri ?? null,
    provider: entry.provider,
    bankGroup: entry.bankGroup ?? null,
    bankSubGroup: entry.bankSubGroup ?? null,
    openBankingStandard: entry.openBankingStandard,
    supportedLocalInstruments: [...entry.supportedLocalInstruments],
    scaApproaches: [...entry.scaApproaches],
    features: { ...entry.features },
    rank: entry.rank ?? null,
    operationalTime: entry.operationalTime ?? null,
    transactionHistoryLimit: entry.transactionHistoryLimit ?? -1,
    tppInitiatedDailyLimit: entry.tppInitiatedDailyLimit ?? DEFAULT_TPP_INITIATED_DAILY_LIMIT,
    pollingScheduleSeconds: [...(entry.pollingScheduleSeconds ?? [])],
    connectorType: entry.connector.type,
    // Parsed from YAML (core schema): plain mappings, lists, strings, numbers, booleans and nulls.
    connectorSettings: entry.connector.settings as Prisma.InputJsonObject,
  };
}

/**
 * Reads BANK_CATALOGUE_FILE (with `${SANDBOX_BANK_URL}` and `${PUBLIC_BASE_URL}` replaced), validates it (a BankCatalogueError names the bank and the field) and
 * makes the `bank` table match it: entries upserted and listed, banks no longer in the file
 * unlisted, never deleted. The api runs this once at start; the launcher and tests may call it.
 * In production, a catalogue with banks that reach the sandbox bank is refused (a ConfigError
 * naming ALLOW_SANDBOX_BANKS) unless ALLOW_SANDBOX_BANKS=true, before anything is written.
 */
export async function loadBankCatalogue(
  banks: BankRepository,
  config: Pick<AppConfig, 'bankCatalogueFile' | 'sandboxBankUrl' | 'http' | 'environment' | 'allowSandboxBanks'>,
  logger?: Logger,
): Promise<CatalogueSyncResult> {
  let text: string;
  try {
    text = await readFile(config.bankCatalogueFile, 'utf8');
  } catch (error) {
    throw new ConfigError(
      'BANK_CATALOGUE_FILE',
      `names ${config.bankCatalogueFile}, which cannot be read (${(error as Error).message})`,
    );
  }
  const entries = parseBankCatalogue(text, {
    source: config.bankCatalogueFile,
    placeholders: { SANDBOX_BANK_URL: config.sandboxBankUrl, PUBLIC_BASE_URL: config.http.publicBaseUrl },
  });
  const atSandbox = sandboxBankEntries(entries, config.sandboxBankUrl);
  if (config.environment === 'production' && atSandbox.length > 0) {
    if (!config.allowSandboxBanks) {
      throw new ConfigError(
        'ALLOW_SANDBOX_BANKS',
        `is not true, and ENVIRONMENT=production was given a bank catalogue (${config.bankCatalogueFile}) whose banks ` +
          `reach the sandbox bank at SANDBOX_BANK_URL (${atSandbox.join(', ')}): set BANK_CATALOGUE_FILE to the ` +
          'production catalogue, or ALLOW_SANDBOX_BANKS=true to run on the sandbox bank deliberately',
      );
    }
    logger?.warn({ banks: atSandbox }, 'production runs with sandbox banks (ALLOW_SANDBOX_BANKS=true)');
  }
  const result = await banks.syncCatalogue(entries.map(toRecord));
  logger?.info(
    { file: config.bankCatalogueFile, listed: result.listed, unlisted: result.unlisted },
    'bank catalogue loaded',
  );
  return result;
}
