import { createPrivateKey, randomUUID, type KeyObject } from 'node:crypto';
import { CompactSign, SignJWT, type JWTPayload } from 'jose';
import { withFields } from '#libs/common';
import type { SecretResolver } from '../secrets/secret-resolver.js';
import { ConnectorSettingsError } from '../catalogue/connector-settings-error.js';
import type { ObieSigningSettings } from './obie-settings.js';

const OB_IAT = 'http://openbanking.org.uk/iat';
const OB_ISS = 'http://openbanking.org.uk/iss';
const OB_TAN = 'http://openbanking.org.uk/tan';
const TRUST_ANCHOR = 'openbanking.org.uk';

const base64UrlJson = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const UNSECURED_HEADER = base64UrlJson({ alg: 'none' });

/**
 * An unsecured JWT (RFC 7519 section 6: header `{"alg":"none"}`, empty signature) of claims this
 * signer has just built itself, so there is nothing to check in them.
 */
function unsecuredJwt(claims: JWTPayload): string {
  return `${UNSECURED_HEADER}.${base64UrlJson(claims)}.`;
}

/**
 * Message signing for an OBIE bank: the detached JWS of request bodies (x-jws-signature, the
 * v3.1.4+ profile without b64) and signed request objects. Without signing, request objects are
 * unsecured (alg none) and bodies go unsigned.
 */
export class ObieSigner {
  private readonly key: KeyObject | undefined;

  constructor(
    bankId: string,
    private readonly settings: ObieSigningSettings,
    secrets: SecretResolver,
    private readonly nowMs: () => number,
  ) {
    if (!settings.enabled) return;
    try {
      this.key = createPrivateKey(secrets.resolve(settings.keyRef));
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'unreadable';
      throw new ConnectorSettingsError(bankId, 'signing.keyRef', `does not resolve to a PEM private key (${reason})`);
    }
  }

  get enabled(): boolean {
    return this.key !== undefined;
  }

  /** `x-jws-signature` for a body, or undefined when signing is off. */
  async detachedSignature(body: string): Promise<string | undefined> {
    if (this.key === undefined || !this.settings.enabled) return undefined;
    const header = {
      alg: this.settings.alg,
      kid: this.settings.kid,
      typ: 'JOSE',
      cty: 'application/json',
      [OB_IAT]: Math.floor(this.nowMs() / 1000),
      [OB_ISS]: this.settings.issuer,
      [OB_TAN]: TRUST_ANCHOR,
      crit: [OB_IAT, OB_ISS, OB_TAN],
    };
    const jws = await new CompactSign(new TextEncoder().encode(body))
      .setProtectedHeader(header)
      .sign(this.key, { crit: { [OB_IAT]: true, [OB_ISS]: true, [OB_TAN]: true } });
    const [protectedHeader, , signature] = jws.split('.');
    return `${protectedHeader}..${signature}`;
  }

  /** A request object (RFC 9101): signed with the bank's key when signing is on, else alg none. */
  async requestObject(claims: JWTPayload, audience: string, issuer: string): Promise<string> {
    const now = Math.floor(this.nowMs() / 1000);
    const payload = withFields(claims, {
      iss: issuer,
      aud: audience,
      iat: now,
      nbf: now,
      exp: now + 300,
      jti: randomUUID(),
    });
    if (this.key === undefined || !this.settings.enabled) return unsecuredJwt(payload);
    return new SignJWT(payload)
      .setProtectedHeader({ alg: this.settings.alg, kid: this.settings.kid, typ: 'oauth-authz-req+jwt' })
      .sign(this.key);
  }
}
