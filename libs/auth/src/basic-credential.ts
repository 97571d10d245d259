const API_KEY_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The API key a `Basic` credential carries, in either form the sandbox accepts: the key exactly
 * as issued (as the interface writes it), or RFC 7617's base64 of `key:` with an empty password
 * (what curl's `-u "$KEY:"`, Postman and HTTP clients send). Undefined when it is neither.
 *
 * An issued key is base64url of 32 random bytes; read as base64 it decodes to random bytes, which
 * never spell a key followed by `:`, so the two forms cannot be confused.
 */
export function apiKeyOfBasicCredential(credential: string): string | undefined {
  if (BASE64.test(credential) && credential.length % 4 === 0) {
    const decoded = Buffer.from(credential, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      const key = decoded.slice(0, colon);
      return colon === decoded.length - 1 && API_KEY_SHAPE.test(key) ? key : undefined;
    }
  }
  return API_KEY_SHAPE.test(credential) ? credential : undefined;
}
