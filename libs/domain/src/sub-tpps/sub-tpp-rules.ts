/** The primaryUseCase values the interface lists for a sub-TPP's merchant. */
export const PRIMARY_USE_CASES = [
  'AIS: Accounting package integration',
  'AIS: Cash flow management',
  'AIS: Credit risk analysis',
  'AIS: Customer onboarding / verification',
  'AIS: Personal finance management',
  'PIS: eCommerce merchant payment',
  'PIS: Funding an account',
  'PIS: In store merchant payment',
  'PIS: Paying a bill',
  'PIS: Paying off debt',
] as const;

/** The most characters of a logo (base64): about 512 KiB of image. */
export const SUB_TPP_LOGO_MAX = 700_000;

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL = /^[A-Za-z]{2,63}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A fully qualified domain name (every level down to the top-level domain; a trailing root dot allowed). */
export function checkDomainName(value: string): string | undefined {
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  const labels = name.split('.');
  const top = labels.at(-1) ?? '';
  if (name.length > 253 || labels.length < 2 || !labels.every((label) => LABEL.test(label)) || !TOP_LEVEL.test(top))
    return 'must be a fully qualified domain name such as shop.example.com';
  return undefined;
}

/** A Merchant Category Code: four digits. */
export function checkMccCode(value: string): string | undefined {
  return /^\d{4}$/.test(value) ? undefined : 'must be a four-digit merchant category code';
}

/** The logo image's bytes in base64. */
export function checkLogo(value: string): string | undefined {
  if (value === '') return 'must not be empty';
  if (value.length > SUB_TPP_LOGO_MAX) return `must be at most ${SUB_TPP_LOGO_MAX} characters of base64`;
  return BASE64.test(value) ? undefined : 'must be the image bytes in base64';
}

/** The merchant's jurisdiction: an ISO 3166-1 alpha-2 country code. */
export function checkJurisdiction(value: string): string | undefined {
  return /^[A-Z]{2}$/.test(value) ? undefined : 'must be a two-letter country code in upper case (ISO 3166-1 alpha-2)';
}

/** YYYY-MM-DD, a real calendar date. */
export function checkCalendarDate(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'must be a date as YYYY-MM-DD';
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
    ? undefined
    : 'must be a date as YYYY-MM-DD';
}
