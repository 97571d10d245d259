import type { Logger } from 'pino';
import type { SigningKeyStore, WebhookSecretStore } from '#libs/events';

/**
 * At worker start: seals the signing keys and the members' webhook secrets stored before
 * encryption (or under a previous key-encryption key) under the current one, then loads the key
 * in use, so a key or secret that cannot be opened (its key-encryption key is not configured)
 * stops the start with a message naming the variable instead of failing every delivery.
 */
export async function prepareSigningKeys(
  keys: SigningKeyStore,
  logger: Logger,
  secrets: WebhookSecretStore,
): Promise<void> {
  if (!keys.encrypts)
    logger.warn('WEBHOOK_KEY_ENCRYPTION_KEY is not set: webhook signing keys are stored unencrypted (sandbox only)');
  const report = await keys.sealStored();
  if (report.resealed.length > 0)
    logger.info({ kids: report.resealed }, 'webhook signing keys sealed under the current key-encryption key');
  for (const { kid, error } of report.unreadable)
    logger.error({ kid, err: error }, 'webhook signing key cannot be opened');
  const sealed = await secrets.sealStored();
  if (sealed.resealed.length > 0)
    logger.info({ count: sealed.resealed.length }, 'webhook secrets sealed under the current key-encryption key');
  const [unreadable] = sealed.unreadable;
  if (unreadable !== undefined)
    throw new Error(`webhook secret ${unreadable.kid} cannot be opened: ${unreadable.error}`);
  await keys.current();
}
