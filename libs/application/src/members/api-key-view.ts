import type { ApiKeyView as StoredApiKey } from '#libs/db';

/** A sandbox API key as the admin API shows it (never the key itself). */
export interface ApiKeyResource {
  readonly id: string;
  readonly label?: string;
  readonly createdDateTime: string;
  readonly lastUsedDateTime?: string;
  readonly revokedDateTime?: string;
}

export function apiKeyView(key: StoredApiKey): ApiKeyResource {
  return {
    id: key.id,
    ...(key.label === null ? {} : { label: key.label }),
    createdDateTime: key.createdAt.toISOString(),
    ...(key.lastUsedAt === null ? {} : { lastUsedDateTime: key.lastUsedAt.toISOString() }),
    ...(key.revokedAt === null ? {} : { revokedDateTime: key.revokedAt.toISOString() }),
  };
}
