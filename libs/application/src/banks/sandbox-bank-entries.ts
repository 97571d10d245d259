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
  const base = sandboxBankUrl.replace(/\/+$/, '');
  const atSandbox = (value: string): boolean => value === base || value.startsWith(`${base}/`);
  return entries.filter((entry) => strings(entry.connector.settings).some(atSandbox)).map((entry) => entry.id);
}
