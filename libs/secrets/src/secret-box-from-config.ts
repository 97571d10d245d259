import type { AppConfig } from '#libs/common';
import { LocalKms, type KeyringNames } from './local-kms.js';
import { SecretBox } from './secret-box.js';

/** The configuration variables that hold the local keyring. */
export const KEYRING_VARIABLES: KeyringNames = {
  current: 'WEBHOOK_KEY_ENCRYPTION_KEY',
  previous: 'WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS',
};

/**
 * The gateway's SecretBox, over the local keyring from configuration: WEBHOOK_KEY_ENCRYPTION_KEY
 * wraps new data keys, WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS still unwraps during a rotation.
 * Without a current key (sandbox only) values are kept plain.
 */
export function secretBoxFromConfig(config: Pick<AppConfig, 'webhooks'>): SecretBox {
  const { current, previous } = config.webhooks.keyEncryption;
  return new SecretBox(
    current === undefined ? undefined : new LocalKms(current, previous, KEYRING_VARIABLES),
    KEYRING_VARIABLES,
  );
}
