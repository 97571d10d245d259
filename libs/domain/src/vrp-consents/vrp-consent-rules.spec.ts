import { describe, expect, it } from 'vitest';
import type { VrpConsentInitiationInput } from './vrp-consent-initiation.js';
import { checkMaximumOccurrences, checkVrpDateTime, vrpBankTimeZone } from './vrp-consent-initiation.js';
import { checkVrpConsentContext, type VrpConsentContext } from './vrp-consent-rules.js';

const now = new Date('2026-11-26T10:00:00Z');

function input(overrides: Partial<VrpConsentInitiationInput> = {}): VrpConsentInitiationInput {
  return {
    refId: 'ref-1',
    remittanceInformationPrimary: 'Sweep',
    scheme: 'OBL_SWEEPING',
    localInstrument: 'FASTER_PAYMENTS',
    creditor: { name: 'Saver', sortCode: '040004', accountNumber: '12345678' },
    currency: 'GBP',
    maximumIndividualAmount: '100.00',
    periodicLimits: [{ maximumAmount: '500.00', periodType: 'MONTH', periodAlignment: 'CONSENT' }],
    callbackUrl: 'https://tpp.example/vrp',
    callbackState: 'st',
    ...overrides,
  };
}

const context: VrpConsentContext = { now, member: { regulated: true }, ownHosts: ['gateway.example'] };
const paths = (overrides: Partial<VrpConsentInitiationInput>, ctx: Partial<VrpConsentContext> = {}) =>
  checkVrpConsentContext(input(overrides), { ...context, ...ctx }).map((problem) => problem.path);

describe('VRP consent rules', () => {
  it('accepts a valid consent', () => {
    expect(paths({})).toEqual([]);
    expect(paths({ startDateTime: '2026-11-26T10:00:00Z', endDateTime: '2027-11-26T10:00:00Z' })).toEqual([]);
    expect(paths({ minimumIndividualAmount: '100.00' })).toEqual([]);
  });

  it('requires onBehalfOfId of unregulated members', () => {
    expect(paths({}, { member: { regulated: false } })).toEqual(['onBehalfOfId']);
    expect(paths({ onBehalfOfId: 'sub-1' }, { member: { regulated: false } })).toEqual([]);
  });

  it("refuses a callbackUrl under the gateway's own host", () => {
    expect(paths({ callbackUrl: 'https://pay.gateway.example/back' })).toEqual(['callbackUrl']);
  });

  it('refuses a currency Faster Payments does not carry', () => {
    expect(paths({ currency: 'EUR' })).toEqual(['currency']);
  });

  it('refuses a start before now (beyond a minute of clock tolerance) and an end not after the start', () => {
    expect(paths({ startDateTime: '2026-11-26T09:58:59Z' })).toEqual(['startDateTime']);
    expect(paths({ startDateTime: '2026-11-26T09:59:30Z' })).toEqual([]);
    expect(paths({ startDateTime: '2026-12-01T00:00:00Z', endDateTime: '2026-12-01T00:00:00Z' })).toEqual([
      'endDateTime',
    ]);
    expect(paths({ endDateTime: '2026-11-26T09:00:00Z' })).toEqual(['endDateTime']);
    expect(paths({ endDateTime: '2026-11-26T11:00:00+01:00' })).toEqual(['endDateTime']);
  });

  it('refuses a minimum above the maximum or above any periodic maximum', () => {
    expect(paths({ minimumIndividualAmount: '100.01' })).toEqual(['minimumIndividualAmount']);
    const problems = checkVrpConsentContext(
      input({
        minimumIndividualAmount: '50',
        periodicLimits: [
          { maximumAmount: '500.00', periodType: 'MONTH', periodAlignment: 'CONSENT' },
          { maximumAmount: '40.00', periodType: 'DAY', periodAlignment: 'CONSENT' },
        ],
      }),
      context,
    );
    expect(problems).toEqual([
      { path: 'minimumIndividualAmount', message: 'must not exceed initiation.periodicLimits.1.maximumAmount' },
    ]);
  });

  it('allows one periodic limit per period type and alignment', () => {
    const limits = [
      { maximumAmount: '10', periodType: 'DAY', periodAlignment: 'CONSENT' },
      { maximumAmount: '10', periodType: 'DAY', periodAlignment: 'CALENDAR' },
      { maximumAmount: '20', periodType: 'DAY', periodAlignment: 'CONSENT' },
    ] as const;
    expect(paths({ periodicLimits: limits })).toEqual(['periodicLimits.2']);
    expect(paths({ periodicLimits: limits.slice(0, 2) })).toEqual([]);
  });

  it('checks the named bank: the VRP feature and the rail', () => {
    const bank = { id: 'b', supportedLocalInstruments: ['FASTER_PAYMENTS'], features: {} };
    expect(paths({}, { bank })).toEqual(['bankId']);
    expect(paths({}, { bank: { ...bank, features: { supports_variable_recurring_payment: true } } })).toEqual([]);
    expect(
      paths(
        {},
        {
          bank: {
            ...bank,
            supportedLocalInstruments: ['SEPA'],
            features: { supports_variable_recurring_payment: true },
          },
        },
      ),
    ).toEqual(['localInstrument']);
  });

  it('reads date-times with a zone only, and maximumOccurrences as a whole number from 0', () => {
    expect(checkVrpDateTime('2026-11-26T10:00:00Z')).toBeUndefined();
    expect(checkVrpDateTime('2026-11-26T10:00:00.123+01:00')).toBeUndefined();
    for (const bad of ['2026-11-26', '2026-11-26T10:00:00', 'tomorrow', '2026-13-40T10:00:00Z'])
      expect(checkVrpDateTime(bad), bad).toBeDefined();
    expect(checkMaximumOccurrences(0)).toBeUndefined();
    expect(checkMaximumOccurrences(3)).toBeUndefined();
    for (const bad of [-1, 1.5, '3', null]) expect(checkMaximumOccurrences(bad), String(bad)).toBeDefined();
  });

  it('counts VRP periods in UK time at UK banks', () => {
    expect(vrpBankTimeZone(['GB'])).toBe('Europe/London');
  });
});
