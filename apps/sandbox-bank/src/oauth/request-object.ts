import { decodeJwt, type JWTPayload } from 'jose';

export interface RequestObject {
  readonly claims: JWTPayload;
  /** The consent the user is asked to authorise (`openbanking_intent_id`). */
  readonly intentId: string | undefined;
  /**
   * Whom the consent page names as asking: `requesting_party.name`, a sandbox convention (not an
   * OBIE claim) by which the TPP names the merchant it asks for (docs/sandbox-bank.md).
   */
  readonly requestingPartyName: string | undefined;
}

function requestingPartyNameFrom(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('name' in value)) return undefined;
  const name = value.name;
  return typeof name === 'string' && name.trim() !== '' ? name.trim().slice(0, 140) : undefined;
}

function intentFrom(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'object' && value !== null && 'value' in value) {
    const inner = value.value;
    if (typeof inner === 'string' && inner !== '') return inner;
  }
  return undefined;
}

/**
 * Reads an OIDC request object. The sandbox accepts it unsigned (alg none) or signed and does not
 * verify the signature: it has no TPP keys. `openbanking_intent_id` may sit at the top level or,
 * as OBIE places it, under `claims.id_token` / `claims.userinfo`.
 */
export function readRequestObject(jwt: string): RequestObject {
  const claims = decodeJwt(jwt);
  const requested = (claims['claims'] ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const intentId =
    intentFrom(claims['openbanking_intent_id']) ??
    intentFrom(requested['id_token']?.['openbanking_intent_id']) ??
    intentFrom(requested['userinfo']?.['openbanking_intent_id']);
  return { claims, intentId, requestingPartyName: requestingPartyNameFrom(claims['requesting_party']) };
}
