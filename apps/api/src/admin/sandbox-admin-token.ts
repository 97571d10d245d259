import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import { projectRoot, type AppConfig } from '#libs/common';

/**
 * The admin token of a sandbox started without ADMIN_TOKEN: the one in `<DATA_DIR>/admin-token`
 * (the file `npm start` writes and prints), or a new one written there (mode 0600). Its value is
 * never logged: the log line names the file to read it from.
 */
export function sandboxAdminToken(config: AppConfig, logger: Logger): string {
  if (config.adminToken !== undefined) return config.adminToken;
  const dataDir = resolve(projectRoot(), config.embedded.dataDir);
  const file = join(dataDir, 'admin-token');
  let token: string | undefined;
  try {
    token = readFileSync(file, 'utf8').trim();
  } catch {
    token = undefined;
  }
  if (token === undefined || token === '') {
    token = randomBytes(32).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, token, { mode: 0o600 });
    logger.warn({ file }, 'ADMIN_TOKEN not set: generated one for this sandbox, kept in the file named here');
  } else {
    logger.warn({ file }, 'ADMIN_TOKEN not set: using the sandbox admin token kept in the file named here');
  }
  return token;
}
