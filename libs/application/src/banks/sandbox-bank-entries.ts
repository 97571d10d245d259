import type { BankCatalogueEntry } from '#libs/connectors';

/** Every string anywhere in a parsed YAML value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/**
 * The ids of the catalogue banks whose connector reaches the sandbox bank: a setting (a base URL,
 * a token URL ...) at `sandboxBankUrl` or under it. The shipped catalogue names only such banks.
 */
export function sandboxBankEntries(entries: readonly BankCatalogueEntry[], sandboxBankUrl: string): string[] {
  return entries
    .filter((entry) => reachesSandboxBank(entry.connector.settings, sandboxBankUrl))
    .map((entry) => entry.id);
}

/** Whether a connector's settings (as parsed, or as stored) name a URL at `sandboxBankUrl` or under it. */
export function reachesSandboxBank(settings: unknown, sandboxBankUrl: string): boolean {
  const base = sandboxBankUrl.replace(/\/+$/, '');
  return strings(settings).some((value) => value === base || value.startsWith(`${base}/`));
}
