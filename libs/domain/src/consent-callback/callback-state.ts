/**
 * The `state` a bank carries through a user's consent and hands back on the gateway's redirect URI
 * (/bank-callback). It names the kind of resource being consented to and that resource's callback
 * token, an unguessable random value stored unique on the resource, so the callback can find the
 * resource and nothing else: a state cannot be made up (the token is a secret the gateway drew) or
 * read as another kind's (the kind picks the table the token is looked up in).
 *
 * Form: `<prefix>.<token>`, the token in base58. A payment's state is its bare token, the form every
 * payment state has had (in-flight consents keep working); base58 has no `.`, so a bare token can
 * never be taken for a prefixed one, nor the other way round.
 */
export const CONSENT_KINDS = ['payment', 'token-request', 'vrp-consent', 'account-access'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

const STATE_PREFIXES: Readonly<Record<ConsentKind, string>> = {
  payment: '',
  'token-request': 'tr',
  'vrp-consent': 'vc',
  'account-access': 'aa',
};

const SEPARATOR = '.';

/** What a callback token looks like: base58, at most 64 characters (the gateway draws 32). */
const TOKEN_SHAPE = /^[1-9A-HJ-NP-Za-km-z]{1,64}$/;

export interface CallbackStateParts {
  readonly kind: ConsentKind;
  readonly token: string;
}

/** The state to send to the bank for a resource of `kind` whose callback token is `token`. */
export function callbackStateOf(kind: ConsentKind, token: string): string {
  if (!TOKEN_SHAPE.test(token)) throw new RangeError('a callback token is 1 to 64 base58 characters');
  const prefix = STATE_PREFIXES[kind];
  return prefix === '' ? token : `${prefix}${SEPARATOR}${token}`;
}

/** The kind and token a state names, or null when it names none (unknown prefix, malformed token). */
export function parseCallbackState(state: string): CallbackStateParts | null {
  const at = state.indexOf(SEPARATOR);
  if (at === 0) return null; // `.token`: an empty prefix is no kind's (a payment's state has no separator)
  const prefix = at === -1 ? '' : state.slice(0, at);
  const token = at === -1 ? state : state.slice(at + SEPARATOR.length);
  const kind = CONSENT_KINDS.find((candidate) => STATE_PREFIXES[candidate] === prefix);
  return kind === undefined || !TOKEN_SHAPE.test(token) ? null : { kind, token };
}
