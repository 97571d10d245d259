import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiKeyRepository, MemberRepository, PrismaService } from '#libs/db';
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
  const prisma = new PrismaService(databaseUrl, 1);
  try {
    if (existsSync(file)) {
      const saved = JSON.parse(await readFile(file, 'utf8')) as SandboxCredentials;
      const key = await new ApiKeyRepository(prisma).findActiveByHash(hashApiKey(saved.apiKey));
      if (key?.memberId === saved.memberId) return saved;
    }
    const credentials: SandboxCredentials = { memberId: newId('m'), apiKey: newApiKey() };
    await new MemberRepository(prisma).createWithApiKey(
      { id: credentials.memberId, name: 'Sandbox TPP', regulated: true, reseller: true },
      { id: newId('ak'), keyHash: hashApiKey(credentials.apiKey) },
    );
    await writeFile(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
    return credentials;
  } finally {
    await prisma.$disconnect();
  }
}
