import type { BankLogoVariant } from '#libs/common';

/** Bank ids never hold a dot, so `{bankId}.svg` and `{bankId}.full.svg` cannot be confused. */
const LOGO_FILE = /^([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)(\.full)?\.svg$/;

/** The logo a `/logos/{file}` name asks for, or undefined for a name no logo has. */
export function bankLogoFileOf(
  file: string,
): { readonly bankId: string; readonly variant: BankLogoVariant } | undefined {
  const match = LOGO_FILE.exec(file);
  if (match === null) return undefined;
  return { bankId: match[1], variant: match[2] === undefined ? 'mark' : 'full' };
}

/** The path of a bank's logo on the public port (what the catalogue's `${PUBLIC_BASE_URL}/logos/...` names). */
export function bankLogoPath(bankId: string, variant: BankLogoVariant): string {
  return `/logos/${bankId}${variant === 'full' ? '.full' : ''}.svg`;
}
