import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { hashApiKey, newApiKey, newId } from '#libs/domain';

export interface SandboxCredentials {
  readonly memberId: string;
  readonly apiKey: string;
}

/**
 * Makes sure the sandbox has a member with a working API key. The key is kept (mode 0600) in
 * `dataDir/sandbox-member.json` so a second start prints the same credentials; only its hash is
 * in the database.
 */
export async function seedSandboxMember(databaseUrl: string, dataDir: string): Promise<SandboxCredentials> {
  const file = join(dataDir, 'sandbox-member.json');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (existsSync(file)) {
      const saved = JSON.parse(await readFile(file, 'utf8')) as SandboxCredentials;
      const found = await client.query(
        'SELECT 1 FROM api_key k JOIN member m ON m.id = k.member_id WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND m.id = $2',
        [hashApiKey(saved.apiKey), saved.memberId],
      );
      if (found.rowCount === 1) return saved;
    }
    const credentials: SandboxCredentials = { memberId: newId('m'), apiKey: newApiKey() };
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO member (id, name, regulated, reseller, status, updated_date_time) VALUES ($1, 'Sandbox TPP', true, true, 'ACTIVE', now())`,
      [credentials.memberId],
    );
    await client.query(`INSERT INTO api_key (id, member_id, key_hash, label) VALUES ($1, $2, $3, 'sandbox')`, [
      newId('ak'),
      credentials.memberId,
      hashApiKey(credentials.apiKey),
    ]);
    await client.query('COMMIT');
    await writeFile(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
    return credentials;
  } finally {
    await client.end();
  }
}
