import { sign, verify, type KeyObject } from 'node:crypto';
import type { WebhookSigningKey } from '#libs/events';

/** The member id a token request result's signature names: the gateway itself. */
export const GATEWAY_MEMBER_ID = 'm:gateway';

/** The interface's Signature of a token request result. */
export interface TokenRequestSignature {
  readonly keyId: string;
  readonly memberId: string;
  /** Ed25519 over tokenRequestSignedPayload, base64url. */
  readonly signature: string;
}

/**
 * The bytes a token request result's signature covers: UTF-8 of the JSON object with exactly
 * `state` (the request's callbackState, '' when it had none) and `tokenId`, in that order.
 */
export function tokenRequestSignedPayload(state: string | undefined, tokenId: string): Buffer {
  return Buffer.from(JSON.stringify({ state: state ?? '', tokenId }), 'utf8');
}

/** Signs state plus tokenId with the gateway's current signing key (published at /.well-known/jwks.json). */
export function signTokenRequestResult(
  key: WebhookSigningKey,
  state: string | undefined,
  tokenId: string,
): TokenRequestSignature {
  return {
    keyId: key.kid,
    memberId: GATEWAY_MEMBER_ID,
    signature: sign(null, tokenRequestSignedPayload(state, tokenId), key.privateKey).toString('base64url'),
  };
}

/** Whether `signature` is the gateway's signature over state plus tokenId under `publicKey`. */
export function verifyTokenRequestResult(
  publicKey: KeyObject,
  state: string | undefined,
  tokenId: string,
  signature: Pick<TokenRequestSignature, 'signature'>,
): boolean {
  return verify(
    null,
    tokenRequestSignedPayload(state, tokenId),
    publicKey,
    Buffer.from(signature.signature, 'base64url'),
  );
}
