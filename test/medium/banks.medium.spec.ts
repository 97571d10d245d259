import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  GetBankLogoUseCase,
  GetBankStatusUseCase,
  ListBankCountriesUseCase,
  ListBankStatusesUseCase,
  ListBanksUseCase,
  ProbeBankStatusUseCase,
} from '#libs/application';
import type { MemberId } from '#libs/domain';
import { gatewayFailure } from './harness/gateway-failure.js';
import { MediumGateway } from './harness/medium-gateway.js';

/**
 * Banks in-process, on the catalogue the processes load (config/banks/sandbox.yaml) and the
 * status probe answered by the scripted bank: the lists filter, order and page the listed banks;
 * the countries answer only what was asked for; a bank never probed is LIVE; the probe records
 * each bank's AIS and PIS status and, when one changes, writes the outage event for each member
 * subscribed to it (and no other) in the same transaction.
 */
let gateway: MediumGateway;
let subscriber: MemberId;
let bystander: MemberId;

const PROBE = { name: 'banks.probe-status', intervalSeconds: 60 } as const;

beforeAll(async () => {
  gateway = await MediumGateway.start();
  subscriber = await gateway.member('bank-outages');
  bystander = await gateway.member('bank-bystander');
  await gateway.stores.prisma.webhookConfig.create({
    data: {
      memberId: subscriber,
      url: 'https://tpp.example/hooks',
      types: ['BANK_AIS_OUTAGE_STATUS_CHANGED', 'BANK_SIP_OUTAGE_STATUS_CHANGED'],
    },
  });
  await gateway.stores.prisma.webhookConfig.create({
    data: { memberId: bystander, url: 'https://other.example/hooks', types: ['PAYMENT_STATUS_CHANGED'] },
  });
});

afterAll(async () => {
  await gateway?.close();
});

afterEach(() => {
  gateway.bank.reset();
});

function outageEvents(memberId: MemberId) {
  return gateway.stores.prisma.outboxEvent.findMany({
    where: { memberId, eventType: { in: ['BANK_AIS_OUTAGE_STATUS_CHANGED', 'BANK_SIP_OUTAGE_STATUS_CHANGED'] } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

describe('the bank lists', () => {
  it('filters by country, orders by name and pages, with the totals on every page', async () => {
    const list = gateway.get(ListBanksUseCase);
    const first = await list.execute({ filter: { countries: ['DE'] }, order: 'NAME', page: 1, perPage: 3 });
    expect(first.banks.map((bank) => bank.name)).toEqual([
      'Sandbox Bank Europe',
      'Sandbox Bank Europe App Approval',
      'Sandbox Bank Europe Redirect',
    ]);
    expect(first.paging).toEqual({ page: 1, pageCount: 2, perPage: 3, totalCount: 4 });
    const second = await list.execute({ filter: { countries: ['DE'] }, order: 'NAME', page: 2, perPage: 3 });
    expect(second.banks.map((bank) => bank.id)).toEqual(['ob-sandbox-de-blz']);
    const past = await list.execute({ filter: { countries: ['DE'] }, order: 'NAME', page: 3, perPage: 3 });
    expect(past.banks).toEqual([]);
    expect(past.paging.totalCount).toBe(4);
  });

  it('finds a bank by a bank code or BIC, whole and case-insensitively, and by a piece of its name', async () => {
    const list = gateway.get(ListBanksUseCase);
    const byCode = await list.execute({ filter: { bankCode: 'sboxgb2l' }, order: 'NAME', page: 1, perPage: 10 });
    expect(byCode.banks.map((bank) => bank.id)).toEqual(['ob-sandbox-gb']);
    const byPiece = await list.execute({ filter: { search: 'DECOUPLED' }, order: 'NAME', page: 1, perPage: 10 });
    expect(byPiece.banks.map((bank) => bank.id)).toContain('ob-sandbox-gb-decoupled');
    const none = await list.execute({ filter: { bics: ['SBOXGB2'] }, order: 'NAME', page: 1, perPage: 10 });
    expect(none.paging).toMatchObject({ pageCount: 0, totalCount: 0 });
  });

  it('answers the countries of the matching banks, and only the countries asked for', async () => {
    const countries = gateway.get(ListBankCountriesUseCase);
    expect(await countries.execute({})).toEqual(['AT', 'DE', 'ES', 'FR', 'GB', 'IT', 'NL', 'PL', 'SE']);
    expect(await countries.execute({ countries: ['DE'] })).toEqual(['DE']);
    expect(await countries.execute({ countries: ['DE', 'US'] })).toEqual(['DE']);
  });

  it('draws a logo from the catalogue entry, and nothing for an unknown bank', async () => {
    const logo = gateway.get(GetBankLogoUseCase);
    expect(await logo.execute({ bankId: 'ob-sandbox-pl' })).toEqual({
      id: 'ob-sandbox-pl',
      name: 'Sandbox Bank Polska',
    });
    expect(await logo.execute({ bankId: 'no-such-bank' })).toBeNull();
  });
});

describe('bank status', () => {
  it('a bank never probed is LIVE with lastUpdatedAt "0"; an unknown bank is not found', async () => {
    expect(await gateway.get(GetBankStatusUseCase).execute({ bankId: 'ob-sandbox-se' })).toEqual({
      bankName: 'Sandbox Sparbank Sverige',
      aisStatus: 'LIVE',
      pisStatus: 'LIVE',
      lastUpdatedAt: '0',
    });
    const failure = await gatewayFailure(() => gateway.get(GetBankStatusUseCase).execute({ bankId: 'no-such-bank' }));
    expect(failure.status).toBe(404);
  });

  it('the first probe records every bank up and announces nothing', async () => {
    const listed = await gateway.stores.prisma.bank.count({ where: { listed: true } });
    expect(await gateway.get(ProbeBankStatusUseCase).execute(PROBE)).toBe(listed);
    expect(await gateway.stores.prisma.bankStatus.count()).toBe(listed);
    expect(await outageEvents(subscriber)).toEqual([]);
  });

  it('a PIS outage is recorded and announced to the subscribed member only; the way back too', async () => {
    const probe = gateway.get(ProbeBankStatusUseCase);
    gateway.bank.reportsHealth({ ais: 'UP', pis: 'DOWN' });
    await probe.execute(PROBE);
    const down = await gateway.get(GetBankStatusUseCase).execute({ bankId: 'ob-sandbox-gb' });
    expect(down).toMatchObject({ aisStatus: 'LIVE', pisStatus: 'DOWN' });
    const listed = await gateway.stores.prisma.bank.count({ where: { listed: true } });
    const events = await outageEvents(subscriber);
    expect(events).toHaveLength(listed);
    expect(new Set(events.map((event) => event.eventType))).toEqual(new Set(['BANK_SIP_OUTAGE_STATUS_CHANGED']));
    const gb = events.map((event) => JSON.parse(event.body) as Record<string, unknown>);
    expect(JSON.stringify(gb)).toContain('"previousOutageStatus":"LIVE","outageStatus":"DOWN"');
    expect(await outageEvents(bystander)).toEqual([]);

    // The same observation again changes nothing and announces nothing.
    await probe.execute(PROBE);
    expect(await outageEvents(subscriber)).toHaveLength(listed);

    gateway.bank.reportsHealth({ ais: 'UP', pis: 'UP' });
    gateway.clock.advance(60);
    await probe.execute(PROBE);
    const statuses = await gateway.get(ListBankStatusesUseCase).execute({ bankIds: ['OB-SANDBOX-GB'] });
    expect(statuses).toMatchObject([{ bankId: 'ob-sandbox-gb', aisStatus: 'LIVE', pisStatus: 'LIVE' }]);
    // Counted from the way back, not from the outage a minute earlier.
    expect(Number(statuses[0]?.lastUpdatedAt)).toBeLessThan(60_000);
    expect(await outageEvents(subscriber)).toHaveLength(2 * listed);
  });

  it('a bank that cannot be reached is DOWN for both APIs, with an event for each', async () => {
    const before = (await outageEvents(subscriber)).length;
    gateway.bank.reportsHealth('unreachable');
    await gateway.get(ProbeBankStatusUseCase).execute(PROBE);
    expect(await gateway.get(GetBankStatusUseCase).execute({ bankId: 'ob-sandbox-eu' })).toMatchObject({
      aisStatus: 'DOWN',
      pisStatus: 'DOWN',
    });
    const listed = await gateway.stores.prisma.bank.count({ where: { listed: true } });
    const added = (await outageEvents(subscriber)).slice(before);
    expect(added.filter((event) => event.eventType === 'BANK_AIS_OUTAGE_STATUS_CHANGED')).toHaveLength(listed);
    expect(added.filter((event) => event.eventType === 'BANK_SIP_OUTAGE_STATUS_CHANGED')).toHaveLength(listed);
  });
});
