import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newMember, startGateway, type TestGateway, type TestMember } from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';

/**
 * Settlement accounts opened at the sandbox bank's settlement provider through the real gateway
 * (api, worker and sandbox bank): EUR with an IBAN and BIC, GBP with a sort code and account number.
 */

type Json = Record<string, unknown>;
interface AccountBody {
  readonly virtualAccount: Json & { readonly accountId: string };
}

let gateway: TestGateway;
let member: TestMember;

beforeAll(async () => {
  gateway = await startGateway();
  member = await newMember(gateway);
}, 120_000);

afterAll(async () => {
  await gateway.close();
});

describe('settlement accounts at the sandbox provider', () => {
  it('opens EUR accounts with an IBAN and BIC and GBP accounts with a sort code and account number', async () => {
    const eur = await call<AccountBody>(`${gateway.apiUrl}/virtual-accounts`, 'POST', member.auth, {
      currency: 'EUR',
      country: 'DE',
      accountNickName: 'Market EUR',
    });
    expect(eur.status, JSON.stringify(eur.body)).toBe(200);
    expectReferenceSchema('CreateVirtualAccountResponse', eur.body, 'POST /virtual-accounts EUR');
    expect(eur.body.virtualAccount).toMatchObject({
      status: 'ACTIVE',
      currency: 'EUR',
      country: 'DE',
      accountNickName: 'Market EUR',
      bookedBalance: '0.00',
    });
    expect(eur.body.virtualAccount['iban']).toMatch(/^[A-Z]{2}\d{2}/);
    expect(eur.body.virtualAccount['bic']).toMatch(/^[A-Z0-9]{8,11}$/);
    const gbp = await call<AccountBody>(`${gateway.apiUrl}/virtual-accounts`, 'POST', member.auth, {
      currency: 'GBP',
      country: 'GB',
    });
    expect(gbp.status, JSON.stringify(gbp.body)).toBe(200);
    expectReferenceSchema('CreateVirtualAccountResponse', gbp.body, 'POST /virtual-accounts GBP');
    expect(gbp.body.virtualAccount).toMatchObject({
      currency: 'GBP',
    });
    expect(gbp.body.virtualAccount['sortCode']).toMatch(/^\d{6}$/);
    expect(gbp.body.virtualAccount['accountNumber']).toMatch(/^\d{8}$/);
    const got = await call<AccountBody>(
      `${gateway.apiUrl}/virtual-accounts/${gbp.body.virtualAccount.accountId}`,
      'GET',
      member.auth,
    );
    expect(got.body.virtualAccount).toEqual(gbp.body.virtualAccount);
  });
});
