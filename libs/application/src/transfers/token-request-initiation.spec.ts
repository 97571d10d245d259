import { describe, expect, it } from 'vitest';
import { transferDatingOf, transferInitiationOf } from './token-request-initiation.js';

const PAYLOAD = {
  refId: 'ref-1',
  transferBody: {
    currency: 'GBP',
    lifetimeAmount: '10.00',
    instructions: {
      transferDestinations: [
        { fasterPayments: { sortCode: '040004', accountNumber: '12345678' }, customerData: { legalNames: ['M'] } },
      ],
    },
  },
};

function request(payload: object, convertedExecutionDate: string | null) {
  return {
    id: 'rq:1',
    callbackToken: 'cb',
    nonce: 'n',
    requestPayload: payload,
    requestOptions: {},
    convertedExecutionDate,
  };
}

const CONTEXT = { redirectUri: 'https://gateway.example/bank-callback' };

describe('transfer requests converted to future-dated payments', () => {
  it('a converted request is initiated as the scheduled payment for the opening, and its transfer says so', () => {
    const converted = request(PAYLOAD, '2026-11-30T06:00:00+01:00');
    expect(transferInitiationOf(converted, CONTEXT).executionDate).toBe('2026-11-30T06:00:00+01:00');
    expect(transferDatingOf(converted)).toEqual({ executionDate: '2026-11-30', convertedToFutureDatedPayment: true });
  });

  it('an immediate request stays immediate; a requested date is kept and not marked converted', () => {
    const immediate = request(PAYLOAD, null);
    expect(transferInitiationOf(immediate, CONTEXT)).not.toHaveProperty('executionDate');
    expect(transferDatingOf(immediate)).toEqual({});
    const dated = request({ ...PAYLOAD, transferBody: { ...PAYLOAD.transferBody, executionDate: '2026-12-01' } }, null);
    expect(transferInitiationOf(dated, CONTEXT).executionDate).toBe('2026-12-01');
    expect(transferDatingOf(dated)).toEqual({ executionDate: '2026-12-01' });
  });
});
