import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { ADMIN_TOKEN, call, newMember, type TestGateway, type TestMember } from './payments-gateway.js';

type Json = Record<string, unknown>;

/** A new member flagged as a reseller through the admin API (PATCH /admin/members/{id}). */
export async function newReseller(
  gateway: TestGateway,
  options: { readonly regulated?: boolean } = {},
): Promise<TestMember> {
  const member = await newMember(gateway, options);
  const flagged = await call<{ member: { reseller: boolean } }>(
    `${gateway.adminUrl}/admin/members/${member.id}`,
    'PATCH',
    `Bearer ${ADMIN_TOKEN}`,
    { reseller: true },
  );
  expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
  expect(flagged.body.member.reseller).toBe(true);
  return member;
}

/** A valid create body (old onboarding flow) with a unique name; `overrides` replace top-level fields. */
export function subTppBody(overrides: Json = {}): Json {
  return {
    name: `Shop ${randomBytes(4).toString('hex')}`,
    domain: 'shop.acme.example',
    mccCode: '5411',
    merchant: {
      merchantJurisdiction: 'GB',
      legalEntityName: 'Acme Retail Ltd',
      companyRegistrationNumber: '01234567',
      primaryUseCase: 'PIS: eCommerce merchant payment',
      iban: 'GB33BUKB20201555555555',
      bic: 'BUKBGB22',
    },
    ...overrides,
  };
}

/** Creates a sub-TPP for `member`: its id. */
export async function createSubTpp(
  gateway: TestGateway,
  member: TestMember,
  body: Json = subTppBody(),
): Promise<string> {
  const created = await call<{ subTppId: string }>(`${gateway.apiUrl}/member/sub-tpps`, 'POST', member.auth, body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.subTppId;
}
