import { BankRejectedError } from '../bank-errors.js';
import type { BankCallContext, LocalInstrument } from '../bank-types.js';
import type { ConnectorHealth } from '../capabilities/status-probe.js';
import { probeHealth } from '../connector-calls.js';
import { XS2A_PATHS, type BerlinGroupApi } from './berlin-group-api.js';

/** Resource id the status probe asks about: no bank has it. */
export const HEALTH_PROBE_ID = 'gateway-health-probe';

/**
 * How a healthy XS2A interface answers a read of a resource it does not have: 403 or 404 with a
 * tppMessage such as RESOURCE_UNKNOWN, CONSENT_UNKNOWN or PRODUCT_INVALID. The probe expects
 * these: they are its answer, not a rejection to raise (and log as one).
 */
export const PROBE_ANSWER_STATUSES: readonly number[] = [403, 404];

/** The product the payments probe names: the bank's product for the first rail it takes, else SEPA's. */
export function probeProduct(
  supportedLocalInstruments: readonly LocalInstrument[] | undefined,
  productMap: Readonly<Partial<Record<LocalInstrument, string>>>,
): string {
  for (const instrument of supportedLocalInstruments ?? []) {
    const product = productMap[instrument];
    if (product !== undefined) return product;
  }
  return productMap.SEPA ?? 'sepa-credit-transfers';
}

/**
 * XS2A has no status resource and every read needs a resource id: each API is asked about a
 * payment (PIS) or consent (AIS) that does not exist. The expected answers (2xx, or 403/404) and
 * any other 4xx mean the API serves (UP); a 5xx, an answer outside the standard, no answer or a
 * missed deadline mean DOWN.
 */
export function probeBerlinGroup(
  ctx: BankCallContext,
  api: BerlinGroupApi,
  product: string,
  nowMs: () => number,
): Promise<ConnectorHealth> {
  const answers = async (path: string, operation: string): Promise<void> => {
    try {
      await api.call(ctx, { method: 'GET', path, operation, acceptStatuses: PROBE_ANSWER_STATUSES });
    } catch (error) {
      if (!(error instanceof BankRejectedError)) throw error;
    }
  };
  return probeHealth(nowMs, {
    pis: () => answers(XS2A_PATHS.paymentStatus(product, HEALTH_PROBE_ID), 'xs2a.health.payments'),
    ais: () => answers(XS2A_PATHS.consentStatus(HEALTH_PROBE_ID), 'xs2a.health.consents'),
  });
}
