import { describe, expect, it } from 'vitest';
import { newApiKey } from '#libs/domain';
import { apiKeyOfBasicCredential } from './basic-credential.js';

const rfc7617 = (userPass: string): string => Buffer.from(userPass, 'utf8').toString('base64');

describe('apiKeyOfBasicCredential', () => {
  it('takes the key exactly as issued', () => {
    for (let i = 0; i < 200; i += 1) {
      const key = newApiKey();
      expect(apiKeyOfBasicCredential(key)).toBe(key);
    }
  });

  it('takes base64 of `key:` (RFC 7617 with an empty password)', () => {
    for (let i = 0; i < 200; i += 1) {
      const key = newApiKey();
      expect(apiKeyOfBasicCredential(rfc7617(`${key}:`))).toBe(key);
    }
  });

  it('refuses a password, an empty user, a malformed key and non-key text', () => {
    const key = newApiKey();
    expect(apiKeyOfBasicCredential(rfc7617(`${key}:secret`))).toBeUndefined();
    expect(apiKeyOfBasicCredential(rfc7617(`:${key}`))).toBeUndefined();
    expect(apiKeyOfBasicCredential(rfc7617('short:'))).toBeUndefined();
    expect(apiKeyOfBasicCredential(rfc7617('not a key!:'))).toBeUndefined();
    expect(apiKeyOfBasicCredential('has spaces or !')).toBeUndefined();
    expect(apiKeyOfBasicCredential('')).toBeUndefined();
  });
});
