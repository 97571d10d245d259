import type { AppConfig } from '#libs/common';

/** The provider id new settlement accounts open at when the configuration names none. */
export const DEFAULT_SETTLEMENT_PROVIDER_ID = 'sandbox-bank';

/** The provider new settlement accounts open at (SETTLEMENT_PROVIDER). */
export function openingProviderId(config: AppConfig): string {
  const settlement = (config as { readonly settlement?: { readonly defaultProviderId?: string } }).settlement;
  return settlement?.defaultProviderId ?? DEFAULT_SETTLEMENT_PROVIDER_ID;
}
