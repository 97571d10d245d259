import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateSubTppUseCase,
  DeleteSubTppUseCase,
  GetSubTppUseCase,
  ListSubTppChildrenUseCase,
  ListSubTppsUseCase,
  OnBehalfOfCheck,
  type CreateSubTppCommand,
  type SubTppOwner,
} from '#libs/application';
import { gatewayFailure } from './harness/gateway-failure.js';
import { MediumGateway } from './harness/medium-gateway.js';

/**
 * Sub-TPPs in-process: a reseller's sub-TPPs (the old flow activates at once, the new one awaits
 * approval), their tree, their soft delete, and the onBehalfOfId check every domain naming a
 * sub-TPP runs, on real repositories. Only resellers have sub-TPPs; each sees only its own.
 */
let gateway: MediumGateway;
let reseller: SubTppOwner;
let otherReseller: SubTppOwner;

beforeAll(async () => {
  gateway = await MediumGateway.start();
  reseller = { memberId: await gateway.member('reseller'), reseller: true };
  otherReseller = { memberId: await gateway.member('other-reseller'), reseller: true };
});

afterAll(async () => {
  await gateway?.close();
});

function subTpp(owner: SubTppOwner, changes: Partial<CreateSubTppCommand> = {}): CreateSubTppCommand {
  return {
    ...owner,
    name: 'Acme Retail',
    domain: 'acme.example',
    merchant: { legalEntityName: 'Acme Retail Ltd', merchantJurisdiction: 'GB' },
    useNewFlow: false,
    ...changes,
  };
}

async function create(owner: SubTppOwner, changes: Partial<CreateSubTppCommand> = {}): Promise<string> {
  return (await gateway.get(CreateSubTppUseCase).execute(subTpp(owner, changes))).subTppId;
}

describe('a reseller’s sub-TPPs', () => {
  it('creates them ACTIVATED in the old flow and AWAITING_APPROVAL in the new one, and reads them back', async () => {
    const active = await create(reseller, { name: 'Old Flow Shop', mccCode: '5411' });
    const awaiting = await create(reseller, { name: 'New Flow Shop', useNewFlow: true });
    const read = await gateway.get(GetSubTppUseCase).execute({ ...reseller, subTppId: active });
    expect(read).toMatchObject({
      id: active,
      memberId: reseller.memberId,
      name: 'Old Flow Shop',
      domain: 'acme.example',
      mccCode: '5411',
      merchant: { legalEntityName: 'Acme Retail Ltd', merchantJurisdiction: 'GB' },
      childSubTppIds: [],
      restrictedCountries: [],
      status: 'ACTIVATED',
    });
    expect(read).not.toHaveProperty('parentSubTppId');
    expect((await gateway.get(GetSubTppUseCase).execute({ ...reseller, subTppId: awaiting })).status).toBe(
      'AWAITING_APPROVAL',
    );
  });

  it('refuses a member that is not a reseller, for every use case', async () => {
    const plain: SubTppOwner = { memberId: reseller.memberId, reseller: false };
    const refusals = await Promise.all([
      gatewayFailure(() => gateway.get(CreateSubTppUseCase).execute(subTpp(plain))),
      gatewayFailure(() =>
        gateway.get(ListSubTppsUseCase).execute({ ...plain, limit: 10, companyNames: [], registrationDates: [] }),
      ),
      gatewayFailure(() => gateway.get(GetSubTppUseCase).execute({ ...plain, subTppId: 'st:any' })),
      gatewayFailure(() => gateway.get(DeleteSubTppUseCase).execute({ ...plain, subTppId: 'st:any' })),
    ]);
    expect(refusals.map((error) => error.code)).toEqual([
      'ResellerOnly',
      'ResellerOnly',
      'ResellerOnly',
      'ResellerOnly',
    ]);
  });

  it('takes only an ACTIVATED sub-TPP of its own as a parent, and shows the tree both ways', async () => {
    const parent = await create(reseller, { name: 'Parent' });
    const child = await create(reseller, { name: 'Child', parentSubTppId: parent });
    const grandchild = await create(reseller, { name: 'Grandchild', parentSubTppId: child });
    expect((await gateway.get(GetSubTppUseCase).execute({ ...reseller, subTppId: parent })).childSubTppIds).toEqual([
      child,
    ]);
    const children = await gateway.get(ListSubTppChildrenUseCase).execute({ ...reseller, subTppId: parent });
    expect(children.map((row) => [row.id, row.parentSubTppId, row.childSubTppIds])).toEqual([
      [child, parent, [grandchild]],
    ]);

    const awaiting = await create(reseller, { useNewFlow: true });
    const theirs = await create(otherReseller);
    for (const parentSubTppId of [awaiting, theirs, 'st:unknown']) {
      const error = await gatewayFailure(() =>
        gateway.get(CreateSubTppUseCase).execute(subTpp(reseller, { parentSubTppId })),
      );
      expect(error.status).toBe(400);
      expect(error.paths).toEqual(['parentSubTppId']);
    }
  });

  it('keeps each reseller to its own: another reseller reads, lists children of and deletes nothing of them', async () => {
    const mine = await create(reseller, { name: 'Mine' });
    for (const run of [
      () => gateway.get(GetSubTppUseCase).execute({ ...otherReseller, subTppId: mine }),
      () => gateway.get(ListSubTppChildrenUseCase).execute({ ...otherReseller, subTppId: mine }),
      () => gateway.get(DeleteSubTppUseCase).execute({ ...otherReseller, subTppId: mine }),
    ])
      expect((await gatewayFailure(run)).status).toBe(404);
    expect((await gateway.get(GetSubTppUseCase).execute({ ...reseller, subTppId: mine })).status).toBe('ACTIVATED');
    const listed = await gateway
      .get(ListSubTppsUseCase)
      .execute({ ...otherReseller, limit: 100, companyNames: [], registrationDates: [] });
    expect(listed.subTpps.map((row) => row.id)).not.toContain(mine);
  });

  it('deletes softly: DEACTIVATED, no longer read, listed, a parent or an onBehalfOfId; its children stay', async () => {
    const parent = await create(reseller, { name: 'Going' });
    const child = await create(reseller, { name: 'Staying', parentSubTppId: parent });
    const check = gateway.get(OnBehalfOfCheck);
    const member = { memberId: reseller.memberId, regulated: false };
    await check.check(member, parent, 'onBehalfOfId');

    await gateway.get(DeleteSubTppUseCase).execute({ ...reseller, subTppId: parent });
    const row = await gateway.stores.prisma.subTpp.findUnique({ where: { id: parent } });
    expect(row?.status).toBe('DEACTIVATED');
    expect(
      (await gatewayFailure(() => gateway.get(GetSubTppUseCase).execute({ ...reseller, subTppId: parent }))).status,
    ).toBe(404);
    const listed = await gateway
      .get(ListSubTppsUseCase)
      .execute({ ...reseller, limit: 100, companyNames: [], registrationDates: [] });
    expect(listed.subTpps.map((subTpp) => subTpp.id)).not.toContain(parent);
    expect(listed.subTpps.map((subTpp) => subTpp.id)).toContain(child);
    const asParent = await gatewayFailure(() =>
      gateway.get(CreateSubTppUseCase).execute(subTpp(reseller, { parentSubTppId: parent })),
    );
    expect(asParent.paths).toEqual(['parentSubTppId']);
    const onBehalf = await gatewayFailure(() => check.check(member, parent, 'onBehalfOfId'));
    expect(onBehalf.paths).toEqual(['onBehalfOfId']);
    // Deleting again finds nothing.
    expect(
      (await gatewayFailure(() => gateway.get(DeleteSubTppUseCase).execute({ ...reseller, subTppId: parent }))).status,
    ).toBe(404);
  });

  it('lists newest first in pages, filtered by company name, every sub-TPP once', async () => {
    const owner: SubTppOwner = { memberId: await gateway.member('paging-reseller'), reseller: true };
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      gateway.clock.advance(1);
      ids.push(await create(owner, { name: i % 2 === 0 ? 'Even Shop' : 'Odd Shop' }));
    }
    const seen: string[] = [];
    let offset: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const listed = await gateway.get(ListSubTppsUseCase).execute({
        ...owner,
        limit: 2,
        companyNames: [],
        registrationDates: [],
        ...(offset === undefined ? {} : { offset }),
      });
      seen.push(...listed.subTpps.map((row) => row.id));
      offset = listed.offset;
      if (offset === undefined) break;
    }
    expect(seen).toEqual([...ids].reverse());
    const even = await gateway
      .get(ListSubTppsUseCase)
      .execute({ ...owner, limit: 10, companyNames: ['Even Shop'], registrationDates: [] });
    expect(even.subTpps.map((row) => row.id)).toEqual([ids[4], ids[2], ids[0]]);
  });
});

describe('the onBehalfOfId check', () => {
  it('lets a regulated member leave it out, requires it of an unregulated one, and takes only an active sub-TPP of its own', async () => {
    const check = gateway.get(OnBehalfOfCheck);
    await check.check({ memberId: reseller.memberId, regulated: true }, undefined, 'onBehalfOfId');
    const unregulated = { memberId: reseller.memberId, regulated: false };
    expect((await gatewayFailure(() => check.check(unregulated, undefined, 'initiation.onBehalfOfId'))).paths).toEqual([
      'initiation.onBehalfOfId',
    ]);
    const awaiting = await create(reseller, { useNewFlow: true });
    const theirs = await create(otherReseller);
    for (const id of [awaiting, theirs])
      expect((await gatewayFailure(() => check.check(unregulated, id, 'onBehalfOfId'))).status).toBe(400);
    await check.check(unregulated, await create(reseller), 'onBehalfOfId');
  });
});
