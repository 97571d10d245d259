import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentInitiation } from '../capabilities/payment-initiation.js';
import { BankRejectedError, BankUnavailableError } from '../bank-errors.js';
import type { BankCatalogueEntry } from '../catalogue/bank-catalogue-entry.js';
import { BankHttpClient } from '../http/bank-http-client.js';
import { BerlinGroupConnector } from './berlin-group.connector.js';

/**
 * A bank that answers embedded steps the other ways XS2A allows, which the sandbox bank does not
 * use: 401 PSU_CREDENTIALS_INVALID for a wrong password, a single SCA method chosen by the bank
 * with a chipTAN flicker code, ACCC as the final status, and a status outside the code set.
 */
let server: Server;
let base: string;
let finalStatus = 'ACCC';
let decoupledReads = 0;

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function route(request: IncomingMessage, body: Record<string, unknown>, response: ServerResponse): void {
  const path = (request.url ?? '').replace(/^\/bank/, '');
  const auth = `${base}/v1/payments/sepa-credit-transfers/P1/authorisations/A1`;
  const password = (body['psuData'] as { password?: string } | undefined)?.password;
  if (request.method === 'POST' && path === '/v1/payments/sepa-credit-transfers') {
    return send(response, 201, {
      transactionStatus: 'RCVD',
      paymentId: 'P1',
      _links: {
        startAuthorisationWithPsuIdentification: {
          href: `${base}/v1/payments/sepa-credit-transfers/P1/authorisations`,
        },
      },
    });
  }
  if (request.method === 'POST' && path === '/v1/payments/sepa-credit-transfers/P1/authorisations') {
    if (password !== 'good')
      return send(response, 401, {
        tppMessages: [{ category: 'ERROR', code: 'PSU_CREDENTIALS_INVALID', text: 'Wrong PIN.' }],
      });
    return send(response, 201, {
      scaStatus: 'scaMethodSelected',
      authorisationId: 'A1',
      chosenScaMethod: { authenticationType: 'CHIP_OTP', authenticationMethodId: 'chip', name: 'chipTAN' },
      challengeData: { data: ['0F04', '8871'], additionalInformation: 'Hold the reader to the screen.' },
      _links: { authoriseTransaction: { href: auth }, scaStatus: { href: auth } },
    });
  }
  if (request.method === 'PUT' && path.endsWith('/authorisations/A1')) {
    if (body['scaAuthenticationData'] === 'cert')
      return send(response, 401, {
        tppMessages: [{ category: 'ERROR', code: 'CERTIFICATE_INVALID', text: 'No certificate.' }],
      });
    return send(response, 200, { scaStatus: 'finalised', _links: { scaStatus: { href: auth } } });
  }
  // A decoupled payment the user refuses in the bank's app between the gateway's two reads.
  if (request.method === 'GET' && path.endsWith('/P2/authorisations/A2')) {
    decoupledReads += 1;
    return send(response, 200, { scaStatus: decoupledReads === 1 ? 'started' : 'failed' });
  }
  if (request.method === 'GET' && path.endsWith('/P2/status'))
    return send(response, 200, { transactionStatus: 'RJCT' });
  if (request.method === 'GET' && path.endsWith('/authorisations/A1'))
    return send(response, 200, { scaStatus: 'finalised' });
  if (request.method === 'GET' && path.endsWith('/P1/status'))
    return send(response, 200, { transactionStatus: finalStatus });
  return send(response, 404, { tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN', text: path }] });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => route(request, text === '' ? {} : (JSON.parse(text) as Record<string, unknown>), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bank`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const ctx = () => ({ bankId: 'bank-x', deadlineMs: Date.now() + 5000 });

function connector(): BerlinGroupConnector {
  const entry = {
    id: 'bank-x',
    connector: { type: 'berlin-group', settings: { baseUrl: base, scaApproach: 'embedded' } },
  } as unknown as BankCatalogueEntry;
  return new BerlinGroupConnector(entry, { http: new BankHttpClient({ logger: pino({ level: 'silent' }) }) });
}

const payment: PaymentInitiation = {
  paymentId: 'p',
  refId: 'r',
  amount: { value: '1.00', currency: 'EUR' },
  localInstrument: 'SEPA',
  creditor: { name: 'C', identifier: { type: 'iban', iban: 'DE89370400440532013000' } },
  remittanceInformationPrimary: 'x',
  redirectUri: 'https://gw.example/cb',
  state: 's',
  nonce: 'n',
};

describe('embedded SCA against a bank with other habits', () => {
  it('a 401 PSU_CREDENTIALS_INVALID is the same step again; a bank-chosen chipTAN goes straight to the code', async () => {
    const bank = connector();
    const started = await bank.initiatePayment(ctx(), payment);
    const wrong = await bank.submitEmbeddedAuth(ctx(), started.handle, { psuId: 'u', password: 'bad' });
    expect(wrong).toMatchObject({
      outcome: 'AWAITING_AUTHORISATION',
      bankStatus: 'RCVD',
      next: { kind: 'embedded', step: { isRetry: true, description: 'PSU_CREDENTIALS_INVALID Wrong PIN.' } },
    });
    if (wrong.next.kind !== 'embedded') throw new Error('expected embedded');
    expect(wrong.next.step.fields.map((field) => field.id)).toEqual(['psuId', 'password']);

    const code = await bank.submitEmbeddedAuth(ctx(), wrong.handle, { psuId: 'u', password: 'good' });
    if (code.next.kind !== 'embedded') throw new Error('expected embedded');
    expect(code.next.step).toEqual({
      fields: [
        {
          id: 'otp',
          type: 'FIELD',
          displayName: 'One-time code',
          additionalInformation: 'Hold the reader to the screen.',
        },
      ],
      description: 'Enter the one-time code to authorise the payment.',
      flickerCode: '0F048871',
      isRetry: false,
    });

    await expect(bank.submitEmbeddedAuth(ctx(), code.handle, { otp: 'cert' })).rejects.toBeInstanceOf(
      BankRejectedError,
    );
    finalStatus = 'ACCC';
    expect(await bank.submitEmbeddedAuth(ctx(), code.handle, { otp: '1' })).toMatchObject({
      outcome: 'COMPLETED',
      bankStatus: 'ACCC',
      next: { kind: 'none' },
    });
  });

  it('a status outside the code set is the bank failing: BankUnavailableError', async () => {
    const bank = connector();
    const started = await bank.initiatePayment(ctx(), payment);
    const code = await bank.submitEmbeddedAuth(ctx(), started.handle, { psuId: 'u', password: 'good' });
    finalStatus = 'DONE';
    const error = await bank.submitEmbeddedAuth(ctx(), code.handle, { otp: '1' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BankUnavailableError);
    expect((error as BankUnavailableError).cause).toMatchObject({ name: 'UnknownBankStatusError' });
  });

  it('refuses embedded values for a payment that is not waiting for them', async () => {
    await expect(
      connector().submitEmbeddedAuth(
        ctx(),
        { bankConsentId: 'P1', continuation: { product: 'sepa-credit-transfers', approach: 'embedded' } },
        {},
      ),
    ).rejects.toMatchObject({
      code: 'InvalidArgument',
    });
  });
});

describe('a decoupled refusal decided between the authorisation read and the status read', () => {
  it('reads the authorisation again and reports the user declining, not a bank rejection', async () => {
    const progress = await connector().getPaymentStatus(
      ctx(),
      {
        bankConsentId: 'P2',
        continuation: {
          product: 'sepa-credit-transfers',
          approach: 'decoupled',
          authorisationId: 'A2',
          scaStatus: 'started',
        },
      },
      payment,
    );
    expect(decoupledReads).toBe(2);
    expect(progress).toMatchObject({ outcome: 'DECLINED', bankStatus: 'RJCT', next: { kind: 'none' } });
  });
});
