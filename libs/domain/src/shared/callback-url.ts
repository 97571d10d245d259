/**
 * The TPP's callback URL: an absolute https URL without user credentials, whose host is not the
 * gateway's own (any of `ownHosts`, or a sub-domain of one). At most 2048 characters.
 */
export const CALLBACK_URL_MAX_LENGTH = 2048;

function bareHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

/** Whether `host` is one of `ownHosts` or under one of them. */
export function isOwnHost(host: string, ownHosts: readonly string[]): boolean {
  const candidate = bareHost(host);
  return ownHosts.map(bareHost).some((own) => own !== '' && (candidate === own || candidate.endsWith(`.${own}`)));
}

export function checkCallbackUrl(value: string, ownHosts: readonly string[] = []): string | undefined {
  const text = value.trim();
  if (text === '') return 'must not be empty';
  if (text.length > CALLBACK_URL_MAX_LENGTH) return `must be at most ${CALLBACK_URL_MAX_LENGTH} characters`;
  if (/\s/.test(text)) return 'must be a URL without white space';
  if (!URL.canParse(text)) return 'must be an absolute URL such as https://tpp.example/callback';
  const url = new URL(text);
  if (url.protocol !== 'https:') return `must use https (it uses ${url.protocol.replace(/:$/, '')})`;
  if (url.hostname === '') return 'must name a host';
  if (url.username !== '' || url.password !== '') return 'must not contain user credentials';
  if (isOwnHost(url.hostname, ownHosts)) return `must not be under the gateway's own host (${bareHost(url.hostname)})`;
  return undefined;
}
