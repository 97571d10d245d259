import type { Logger } from 'pino';
import type { SigningKeyStore } from '#libs/events';

/**
 * At worker start: seals the signing keys stored before encryption (or under a previous
 * key-encryption key) under the current one, then loads the key in use, so a key that cannot be
 * opened (its key-encryption key is not configured) stops the start with a message naming the
 * variable instead of failing every delivery.
 */
export async function prepareSigningKeys(keys: SigningKeyStore, logger: Logger): Promise<void> {
  if (!keys.encrypts)
    logger.warn('WEBHOOK_KEY_ENCRYPTION_KEY is not set: webhook signing keys are stored unencrypted (sandbox only)');
  const report = await keys.sealStored();
  if (report.resealed.length > 0)
    logger.info({ kids: report.resealed }, 'webhook signing keys sealed under the current key-encryption key');
  for (const { kid, error } of report.unreadable)
    logger.error({ kid, err: error }, 'webhook signing key cannot be opened');
  await keys.current();
}
