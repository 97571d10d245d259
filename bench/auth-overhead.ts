import 'reflect-metadata';
import { generateKeyPairSync } from 'node:crypto';
import Fastify from 'fastify';
import { CompactSign } from 'jose';
import pg from 'pg';
import { loadConfig, type ConnectedConfig } from '#libs/common';
import { createApiProcess } from '../apps/api/src/create-api-process.js';
import { startBenchServers } from './lib/local-servers.js';
import { measure, printTable } from './lib/measure.js';

/**
 * What authentication costs on a read: GET /member/{id}/keys with Basic and with a Bearer JWS
 * (signed per request, since a token is single-use), against a bare Fastify + pg handler doing
 * one SELECT by key, measured in the same run on the same servers.
 */
const CONNECTIONS = 50;
const SECONDS = Number(process.argv[2] ?? 10);
const ADMIN = 'bench-admin-token-0123456789abcdef0123456789';

const servers = await startBenchServers(54391, 63791);
const config = loadConfig({
  DATABASE_URL: servers.databaseUrl,
  REDIS_URL: servers.redisUrl,
  ADMIN_TOKEN: ADMIN,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_READ_PER_MINUTE: '10000000',
  RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '10000000',
}) as ConnectedConfig;
const api = await createApiProcess(config);
await api.api.listen(18180, '127.0.0.1');
await api.admin.listen(18181, '127.0.0.1');

const post = async (path: string, body: unknown): Promise<Record<string, unknown>> =>
  (await (
    await fetch(`http://127.0.0.1:18181${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as Record<string, unknown>;
const created = (await post('/admin/members', { name: 'bench' })) as { member: { id: string }; apiKey: string };
const memberId = created.member.id;
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const { keyId } = (await post(`/admin/members/${memberId}/keys`, {
  keyAlgorithm: 'ED25519',
  publicKey: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
})) as { keyId: string };

// Baseline: the least a server can do for the same read.
const pool = new pg.Pool({ connectionString: servers.databaseUrl, max: 10 });
const baselineApp = Fastify();
baselineApp.get('/keys/:memberId', async (request) => {
  const { memberId: id } = request.params as { memberId: string };
  const result = await pool.query('SELECT id, key_algorithm, public_key FROM member_key WHERE member_id = $1', [id]);
  return { key: result.rows };
});
await baselineApp.listen({ port: 18182, host: '127.0.0.1' });

const path = `/member/${memberId}/keys`;
// Tokens are single-use: sign a pool ahead of time so the load generator does not sign under load.
// Ed25519 signatures are deterministic, so two tokens with the same header would be the same
// token (a replay): each gets its own exp, a millisecond apart, all within the allowed lifetime.
const tokens: string[] = [];
const firstExp = Date.now() + 120_000;
for (let i = 0; i < 120_000; i += 1) {
  const header = {
    alg: 'EdDSA',
    kid: keyId,
    mid: memberId,
    method: 'GET',
    host: '127.0.0.1:18180',
    path,
    exp: firstExp + i,
  };
  tokens.push(await new CompactSign(new Uint8Array()).setProtectedHeader(header).sign(privateKey));
}
let next = 0;

// Sanity: both schemes answer 200 before any load, so the figures measure successes.
const check = await fetch(`http://127.0.0.1:18180${path}`, {
  headers: { authorization: `Bearer ${tokens[next++] ?? ''}` },
});
const checkBasic = await fetch(`http://127.0.0.1:18180${path}`, {
  headers: { authorization: `Basic ${created.apiKey}` },
});
if (check.status !== 200 || checkBasic.status !== 200) {
  throw new Error(`sanity check failed: Bearer ${check.status} ${await check.text()} / Basic ${checkBasic.status}`);
}

const baseline = await measure('baseline: Fastify + pg SELECT', {
  url: `http://127.0.0.1:18182/keys/${memberId}`,
  connections: CONNECTIONS,
  seconds: SECONDS,
});
const basic = await measure('GET /member/{id}/keys, Basic', {
  url: `http://127.0.0.1:18180${path}`,
  headers: { authorization: `Basic ${created.apiKey}` },
  connections: CONNECTIONS,
  seconds: SECONDS,
});
const bearer = await measure('GET /member/{id}/keys, Bearer JWS', {
  url: `http://127.0.0.1:18180${path}`,
  connections: CONNECTIONS,
  seconds: SECONDS,
  setupRequest: (request) => ({
    ...request,
    headers: { authorization: `Bearer ${tokens[next++ % tokens.length] ?? ''}` },
  }),
});

printTable([baseline, basic, bearer], baseline);
for (const run of [baseline, basic, bearer]) {
  if (run.non2xx + run.errors > 0)
    process.stdout.write(
      `!!! ${run.name}: not valid, answers by status ${JSON.stringify(run.statusCodes)}, ${run.errors} connection errors\n`,
    );
}
await baselineApp.close();
await pool.end();
await api.close();
await servers.stop();
