import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PayoutRepository,
  PrismaService,
  RefundRepository,
  SettlementAccountRepository,
  TokenRepository,
  TransferRepository,
  VrpConsentRepository,
  readById,
  readByIdSql,
} from '#libs/db';
import type { MemberId } from '#libs/domain';
import { freshDatabaseUrl } from '../support/test-env.js';

/** A member-scoped table of this file's own, so the generic read is tested apart from any resource. */
const WIDGET_DDL = `CREATE TABLE widget (
  id text PRIMARY KEY, owner_id text NOT NULL, state text NOT NULL, amount numeric(24, 4) NOT NULL,
  details jsonb NOT NULL, created_at timestamptz(3) NOT NULL, secret text NOT NULL)`;

interface WidgetView {
  readonly id: string;
  readonly ownerId: string;
  readonly state: string;
  readonly amount: string;
  readonly details: unknown;
  readonly createdAt: Date;
}

const readWidget = readById<WidgetView>({
  name: 'widget-view-by-id',
  table: 'widget',
  memberColumn: 'owner_id',
  where: `t.state <> 'HIDDEN'`,
  columns: {
    id: 'id',
    ownerId: 'owner_id',
    state: 'state',
    amount: 'amount',
    details: 'details',
    createdAt: 'created_at',
  },
});

let prisma: PrismaService;
const createdAt = new Date('2026-11-27T10:00:00.123Z');

beforeAll(async () => {
  prisma = new PrismaService(await freshDatabaseUrl(), 4);
  await prisma.pool.query(WIDGET_DDL);
  await prisma.pool.query(
    `INSERT INTO widget SELECT 'w' || n, CASE WHEN n % 2 = 0 THEN 'm:even' ELSE 'm:odd' END,
       CASE WHEN n = 7 THEN 'HIDDEN' ELSE 'SHOWN' END, (n || '.5')::numeric, jsonb_build_object('n', n, 'name', 'widget ' || n),
       $1, 'sealed-' || n FROM generate_series(1, 40) AS n`,
    [createdAt],
  );
});

afterAll(async () => {
  await prisma.$disconnect();
});

describe('the generic read by id (real Postgres)', () => {
  it("answers the declared columns only, under their fields, as pg reads them; null for another member's or an unknown id", async () => {
    const view = await readWidget(prisma.pool, 'm:odd', 'w3');
    expect(view).toEqual({
      id: 'w3',
      ownerId: 'm:odd',
      state: 'SHOWN',
      amount: '3.5000',
      details: { n: 3, name: 'widget 3' },
      createdAt,
    });
    expect(Object.keys(view ?? {})).not.toContain('secret');
    expect(await readWidget(prisma.pool, 'm:even', 'w3')).toBeNull();
    expect(await readWidget(prisma.pool, 'm:odd', 'w999')).toBeNull();
  });

  it("a declaration's condition hides rows the member owns", async () => {
    expect(await readWidget(prisma.pool, 'm:odd', 'w7')).toBeNull();
    expect(await readWidget(prisma.pool, 'm:odd', 'w9')).not.toBeNull();
  });

  it('reads that arrive together share statements; each answers its own row, in its own order, repeated ids included', async () => {
    const asks = Array.from({ length: 40 }, (_, i) => ({
      member: i % 3 === 0 ? 'm:even' : 'm:odd',
      id: `w${(i % 20) + 1}`,
    }));
    const expected = asks.map(({ member, id }) => {
      const n = Number(id.slice(1));
      const owner = n % 2 === 0 ? 'm:even' : 'm:odd';
      return owner === member && n !== 7 ? id : null;
    });
    const statements = vi.spyOn(prisma.pool, 'query');
    try {
      const views = await Promise.all(asks.map(({ member, id }) => readWidget(prisma.pool, member, id)));
      expect(views.map((view) => view?.id ?? null)).toEqual(expected);
      expect(views.every((view, i) => view === null || view.ownerId === asks[i]?.member)).toBe(true);
      expect(statements.mock.calls.length).toBeGreaterThan(0);
      expect(statements.mock.calls.length).toBeLessThanOrEqual(4);
    } finally {
      statements.mockRestore();
    }
  });

  it('is one prepared statement scoped by the member column', () => {
    const sql = readByIdSql({ name: 'x', table: 'widget', memberColumn: 'owner_id', columns: { id: 'id' } });
    expect(sql).toContain('t."owner_id" = wanted.member_id');
    expect(sql).toContain('t."id" = wanted.id');
  });
});

describe("each resource's declared read matches the gateway's schema (real Postgres)", () => {
  const unknown = 'm:nobody' as MemberId;
  it('refunds, payouts, transfers, tokens, VRP consents and settlement accounts read their columns (none found for an unknown id)', async () => {
    expect(await new RefundRepository(prisma).findViewForMember(unknown, 'rf:none')).toBeNull();
    expect(await new PayoutRepository(prisma).findViewForMember(unknown, 'po:none')).toBeNull();
    expect(await new TransferRepository(prisma).findViewForMember(unknown, 't:none')).toBeNull();
    expect(await new TokenRepository(prisma).findViewForMember(unknown, 'tt:none')).toBeNull();
    expect(await new VrpConsentRepository(prisma).findViewForMember(unknown, 'vc:none')).toBeNull();
    expect(await new SettlementAccountRepository(prisma).findViewForMember(unknown, 'va:none')).toBeNull();
  });

  it('a repository bound to a transaction has no view to read', async () => {
    await expect(
      prisma.$transaction(async (tx) => new TokenRepository(prisma).in(tx).findViewForMember(unknown, 'tt:none')),
    ).rejects.toThrow(/shared pool/);
  });
});
