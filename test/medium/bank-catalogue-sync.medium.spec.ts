import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectedConfig } from '#libs/common';
import { closeDataStores, openDataStores, type DataStores } from '#libs/db';
import { loadBankCatalogue } from '#libs/application';
import { testConfig } from '../support/test-env.js';

/** The catalogue lock's key (libs/db/src/banks/bank.repository.ts). */
const CATALOGUE_LOCK_KEY = 724_310_002;

/**
 * Api pods starting at once each sync the bank catalogue, one after the other under an advisory
 * lock. A sync that waits longer than the client's default transaction limit (5 s) for another
 * pod's still completes, so the pod starts.
 */
describe('bank catalogue sync behind another pod\u2019s', () => {
  let config: ConnectedConfig;
  let stores: DataStores;
  let other: pg.Client;

  beforeAll(async () => {
    config = await testConfig();
    stores = await openDataStores(config, { service: 'catalogue-sync-test', poolSize: 2 });
    other = new pg.Client({ connectionString: config.databaseUrl });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await closeDataStores(stores);
  });

  it('waits for a sync holding the lock longer than 5 s, then lists the catalogue', async () => {
    // Another pod's sync, slow on a loaded database: it holds the lock for 6 s.
    await other.query('BEGIN');
    await other.query('SELECT pg_advisory_xact_lock($1)', [CATALOGUE_LOCK_KEY]);
    const release = setTimeout(() => void other.query('COMMIT'), 6000);
    try {
      const result = await loadBankCatalogue(stores.repositories.banks, config);
      expect(result.listed).toBeGreaterThan(0);
      expect(await stores.prisma.bank.count({ where: { listed: true } })).toBe(result.listed);
    } finally {
      clearTimeout(release);
      await other.query('COMMIT').catch(() => undefined);
    }
  }, 30_000);
});
