import type { PayloadOf } from '#libs/common';
import { hasConnector, type ConnectorHealth } from '#libs/connectors';
import type { Bank, BankStatus, ObservedBankStatus, Repositories, Tx } from '#libs/db';
import { writeOutboxEvent, type OutboxEventType } from '#libs/events';
import type { JobContext } from '../jobs/job-context.js';
import { ensurePeriodicTimer } from '../jobs/periodic-timers.js';

export const PROBE_JOB = 'banks.probe-status';
/** Longest one bank's health check may take (the connector's retries included). */
export const PROBE_DEADLINE_MS = 10_000;

/** The reference's service status names: a connector's UP is LIVE. */
export function referenceStatus(status: string): 'LIVE' | 'DOWN' {
  return status === 'DOWN' ? 'DOWN' : 'LIVE';
}

/**
 * One bank's health. The connector asks each API with a call a healthy bank answers normally, so
 * a healthy bank leaves no warning; a connector that cannot be built (bad settings or secret) is
 * DOWN for both.
 */
async function observe(context: JobContext, bank: Bank): Promise<ObservedBankStatus> {
  try {
    const health: ConnectorHealth = await context.bankConnectors.statusProbe(bank).health({
      bankId: bank.id,
      deadlineMs: Date.now() + PROBE_DEADLINE_MS,
    });
    return { ais: health.ais, pis: health.pis };
  } catch (error) {
    context.logger.warn({ bankId: bank.id, err: error }, 'bank health check failed');
    return { ais: 'DOWN', pis: 'DOWN' };
  }
}

async function notify(
  repositories: Repositories,
  tx: Tx,
  type: OutboxEventType & ('BANK_AIS_OUTAGE_STATUS_CHANGED' | 'BANK_SIP_OUTAGE_STATUS_CHANGED'),
  bank: Bank,
  previous: string,
  current: string,
  now: Date,
): Promise<number> {
  const members = await repositories.webhookConfigs.in(tx).subscribersOf(type);
  const payload = {
    bankId: bank.id,
    bankName: bank.name,
    previousOutageStatus: referenceStatus(previous),
    outageStatus: referenceStatus(current),
  };
  for (const memberId of members) await writeOutboxEvent(tx, { memberId, type, payload, createdAt: now });
  return members.length;
}

/** Records one observation and, in the same transaction, the outage events of what changed. */
async function record(context: JobContext, bank: Bank, observed: ObservedBankStatus): Promise<BankStatus> {
  const now = context.clock.now();
  const { repositories } = context;
  return repositories.transactions.run(async (tx) => {
    const change = await repositories.bankStatuses.in(tx).record(bank.id, observed, now);
    if (change.previous !== null && change.aisChanged) {
      await notify(
        repositories,
        tx,
        'BANK_AIS_OUTAGE_STATUS_CHANGED',
        bank,
        change.previous.aisStatus,
        observed.ais,
        now,
      );
    }
    if (change.previous !== null && change.pisChanged) {
      await notify(
        repositories,
        tx,
        'BANK_SIP_OUTAGE_STATUS_CHANGED',
        bank,
        change.previous.pisStatus,
        observed.pis,
        now,
      );
    }
    return change.current;
  });
}

/**
 * Probes every listed bank whose connector type has an implementation (the others are skipped,
 * so they have no status row), records AIS / PIS status one transaction per bank with the outage
 * events of a change. Runs at every multiple of `intervalSeconds` on the service clock (its timer
 * carries the period). A bank whose recording fails is logged and probed again next run.
 */
export async function probeBankStatus(_payload: PayloadOf<'banks.probe-status'>, context: JobContext): Promise<number> {
  const banks = (await context.repositories.banks.listListed()).filter((bank) => hasConnector(bank.connectorType));
  const observed = await Promise.all(banks.map(async (bank) => ({ bank, status: await observe(context, bank) })));
  let recorded = 0;
  for (const { bank, status } of observed) {
    try {
      await record(context, bank, status);
      recorded += 1;
    } catch (error) {
      context.logger.error({ bankId: bank.id, err: error }, 'recording bank status failed');
    }
  }
  context.logger.info({ probed: recorded, skipped: banks.length - recorded }, 'probed bank status');
  return recorded;
}

/** Makes sure a probe timer exists (first start, or after its job was lost). */
export async function ensureProbeScheduled(
  { repositories, clock }: Pick<JobContext, 'repositories' | 'clock'>,
  intervalSeconds: number,
): Promise<void> {
  await ensurePeriodicTimer(
    repositories.scheduledJobs,
    { name: PROBE_JOB, intervalSeconds },
    intervalSeconds * 1000,
    clock.now(),
  );
}
