import { describe, expect, it } from 'vitest';
import { NO_FAULTS } from '../banks/sandbox-bank-definition.js';
import { changesSomething, faultApplies, faultOperationOf } from './fault-operation.js';

describe('faultOperationOf', () => {
  it.each([
    ['/banks/ob-sandbox-gb/open-banking/v3.1/pisp/domestic-payments', 'domestic-payments'],
    ['/banks/ob-sandbox-gb/open-banking/v3.1/pisp/domestic-payments/DP1/payment-details', 'domestic-payments'],
    [
      '/banks/ob-sandbox-gb/open-banking/v3.1/pisp/domestic-payment-consents/C1/funds-confirmation',
      'domestic-payment-consents',
    ],
    ['/banks/ob-sandbox-gb/open-banking/v3.1/pisp/domestic-vrps?x=1', 'domestic-vrps'],
    ['/banks/ob-sandbox-gb/open-banking/v3.1/aisp/accounts/A1/balances', 'accounts'],
    ['/banks/ob-sandbox-gb/as/token', 'token'],
    ['/banks/ob-sandbox-gb-decoupled/as/bc-authorize', 'bc-authorize'],
    ['/banks/ob-sandbox-eu/v1/payments/sepa-credit-transfers/P1/authorisations', 'payments'],
    ['/banks/ob-sandbox-eu/v1/periodic-payments/sepa-credit-transfers', 'periodic-payments'],
    ['/banks/ob-sandbox-eu/v1/consents', 'consents'],
    ['/settlement/v1/payouts/PO1', 'payouts'],
    ['/settlement/v1/accounts?x=1', 'accounts'],
  ])('%s is %s', (url, operation) => {
    expect(faultOperationOf(url)).toBe(operation);
  });

  it('names no operation for other paths', () => {
    expect(faultOperationOf('/sandbox/faults/ob-sandbox-gb')).toBeUndefined();
    expect(faultOperationOf('/banks/ob-sandbox-gb/logo.svg')).toBeUndefined();
  });
});

describe('faultApplies', () => {
  it('applies to every operation without only, and to the named ones with it', () => {
    expect(faultApplies(NO_FAULTS, 'token')).toBe(true);
    const only = { ...NO_FAULTS, only: ['domestic-payments'] };
    expect(faultApplies(only, 'domestic-payments')).toBe(true);
    expect(faultApplies(only, 'domestic-payment-consents')).toBe(false);
    expect(faultApplies(only, undefined)).toBe(false);
  });

  it('counts writes as changing calls, reads not', () => {
    expect(['POST', 'PUT', 'DELETE', 'PATCH'].map(changesSomething)).toEqual([true, true, true, true]);
    expect(['GET', 'HEAD', 'OPTIONS'].map(changesSomething)).toEqual([false, false, false]);
  });
});
