import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#libs/common';
import { SEALED_RECORD_KINDS, sealedPartOf, withSealedPart } from './sealed-record-kinds.js';

/** Every non-test TypeScript source file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'node_modules' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Seal purposes written in the code: `purpose: '...'` in a seal context, or a `..._PURPOSE = '...'` constant. */
function purposesInCode(): Map<string, string> {
  const found = new Map<string, string>();
  const root = projectRoot();
  for (const file of [...sources(join(root, 'libs')), ...sources(join(root, 'apps'))]) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:\bpurpose:\s*|PURPOSE\s*=\s*)'([^']+)'/g))
      found.set(match[1] ?? '', file.slice(root.length + 1));
  }
  return found;
}

describe('SEALED_RECORD_KINDS', () => {
  it('lists every seal purpose the code uses, so a rotation re-wraps every sealed record', () => {
    const listed = new Set(SEALED_RECORD_KINDS.map((kind) => kind.purpose));
    const used = purposesInCode();
    // The scan finds the purposes the code is known to use (it would find a new one the same way).
    expect([...used.keys()]).toEqual(
      expect.arrayContaining(['webhook_secret.secret', 'token.grant', 'vrp-consent-grant', 'tokenized-account']),
    );
    const missing = [...used].filter(([purpose]) => !listed.has(purpose)).map(([p, file]) => `${p} (${file})`);
    expect(missing, 'purposes sealed in the code but not in SEALED_RECORD_KINDS').toEqual([]);
    expect(listed.size).toBe(SEALED_RECORD_KINDS.length);
  });

  it('reads and replaces the sealed value after a clear prefix, and the whole column otherwise', () => {
    const registration = SEALED_RECORD_KINDS.find((kind) => kind.clearPrefixEndsWith !== undefined);
    const token = SEALED_RECORD_KINDS.find((kind) => kind.purpose === 'token.grant');
    if (registration === undefined || token === undefined) throw new Error('kinds missing');
    expect(sealedPartOf(registration, 'a,b|enc:v2:x')).toBe('enc:v2:x');
    expect(withSealedPart(registration, 'a,b|enc:v2:x', 'enc:v2:y')).toBe('a,b|enc:v2:y');
    expect(sealedPartOf(token, 'enc:v2:x')).toBe('enc:v2:x');
    expect(withSealedPart(token, 'enc:v2:x', 'enc:v2:y')).toBe('enc:v2:y');
  });
});
