import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import { CONNECTOR_FACTORIES, type BankCatalogueEntry, type ConnectorHealth, type ConnectorType } from '#libs/connectors';
import { BankRepository, bankStatuses, scheduledJobs, type Bank, type BankStatus, type ObservedBankStatus } from '#libs/db';
import { writeOutboxEvent, type OutboxEventType } from '#libs/events';
import type { JobContext } from '../jobs/job-context.js';

export const PROBE_JOB = 'banks.probe-status';
/** Longest one bank's health check may take (the connector's retries included). */
export const PROBE_DEADLINE_MS = 10_000;

/** Id of the probe timer due at `dueAt`; one per run so a finished job never blocks the next. */
export function probeTimerId(dueAt: Date): string {
  return `${PROBE_JOB}@${dueAt.getTime()}`;
}

/** The reference's service status names: a connector's UP is LIVE. */
export function referenceStatus(status: string): 'LIVE' | 'DOWN' {
  return status === 'DOWN' ? 'DOWN' : 'LIVE';
}

function hasConnector(type: string): type is ConnectorType {
  return Object.hasOwn(CONNECTOR_FACTORIES, type) && CONNECTOR_FACTORIES[type as ConnectorType] !== undefined;
}

/** A stored bank as the catalogue entry its connector is built from (the connector reads id and settings). */
function toEntry(bank: Bank, type: ConnectorType): BankCatalogueEntry {
  const settings = typeof bank.connectorSettings === 'object' && bank.connectorSettings !== null && !Array.isArray(bank.connectorSettings) ? bank.connectorSettings : {};
  return {
    id: bank.id,
    name: bank.name,
    countries: bank.countries,
    bics: bank.bics,
    bankCodes: bank.bankCodes,
    logoUri: bank.logoUri,
    provider: bank.provider,
    openBankingStandard: bank.openBankingStandard as BankCatalogueEntry['openBankingStandard'],
    supportedLocalInstruments: bank.supportedLocalInstruments as BankCatalogueEntry['supportedLocalInstruments'],
    scaApproaches: bank.scaApproaches as BankCatalogueEntry['scaApproaches'],
    features: bank.features as unknown as BankCatalogueEntry['features'],
    transactionHistoryLimit: bank.transactionHistoryLimit,
    connector: { type, settings },
  };
}

/** Caches entries so the registry keeps one connector per bank while its stored row is unchanged. */
const entries = new WeakMap<JobContext['connectors'], Map<string, { readonly updatedAt: number; readonly entry: BankCatalogueEntry }>>();

function entryFor(context: JobContext, bank: Bank, type: ConnectorType): BankCatalogueEntry {
  let cache = entries.get(context.connectors);
  if (cache === undefined) {
    cache = new Map();
    entries.set(context.connectors, cache);
  }
  const cached = cache.get(bank.id);
  if (cached !== undefined && cached.updatedAt === bank.updatedAt.getTime()) return cached.entry;
  const entry = toEntry(bank, type);
  cache.set(bank.id, { updatedAt: bank.updatedAt.getTime(), entry });
  return entry;
}

/** One bank's health; any connector error (unreachable, 5xx, deadline, bad secret) is DOWN for both. */
async function observe(context: JobContext, bank: Bank, type: ConnectorType): Promise<ObservedBankStatus> {
  try {
    const connector = context.connectors.forBank(entryFor(context, bank, type));
    const health: ConnectorHealth = await connector.health({ bankId: bank.id, deadlineMs: Date.now() + PROBE_DEADLINE_MS });
    return { ais: health.ais, pis: health.pis };
  } catch (error) {
    context.logger.warn({ bankId: bank.id, err: error }, 'bank health check failed');
    return { ais: 'DOWN', pis: 'DOWN' };
  }
}

async function notify(tx: Parameters<typeof writeOutboxEvent>[0], type: OutboxEventType & ('BANK_AIS_OUTAGE_STATUS_CHANGED' | 'BANK_SIP_OUTAGE_STATUS_CHANGED'), bank: Bank, previous: string, current: string, now: Date): Promise<number> {
  const members = await tx.webhookConfig.findMany({ where: { types: { has: type } }, select: { memberId: true }, orderBy: { memberId: 'asc' } });
  const payload = { bankId: bank.id, bankName: bank.name, previousOutageStatus: referenceStatus(previous), outageStatus: referenceStatus(current) };
  for (const { memberId } of members) await writeOutboxEvent(tx, { memberId, type, payload, createdAt: now });
  return members.length;
}

/** Records one observation and, in the same transaction, the outage events of what changed. */
async function record(context: JobContext, bank: Bank, observed: ObservedBankStatus): Promise<BankStatus> {
  const now = context.clock.now();
  return context.prisma.$transaction(async (tx) => {
    const change = await bankStatuses.record(tx, bank.id, observed, now);
    if (change.previous !== null && change.aisChanged) {
      await notify(tx, 'BANK_AIS_OUTAGE_STATUS_CHANGED', bank, change.previous.aisStatus, observed.ais, now);
    }
    if (change.previous !== null && change.pisChanged) {
      await notify(tx, 'BANK_SIP_OUTAGE_STATUS_CHANGED', bank, change.previous.pisStatus, observed.pis, now);
    }
    return change.current;
  });
}

/**
 * Probes every listed bank whose connector type has an implementation (the others are skipped,
 * so they have no status row), records AIS / PIS status one transaction per bank with the outage
 * events of a change, then schedules the next probe `intervalSeconds` later. A bank whose
 * recording fails is logged and probed again next run.
 */
export async function probeBankStatus(payload: PayloadOf<'banks.probe-status'>, context: JobContext): Promise<number> {
  const banks = (await new BankRepository(context.prisma).listListed()).flatMap((bank) => {
    const type = bank.connectorType;
    return hasConnector(type) ? [{ bank, type }] : [];
  });
  const observed = await Promise.all(banks.map(async ({ bank, type }) => ({ bank, status: await observe(context, bank, type) })));
  let recorded = 0;
  for (const { bank, status } of observed) {
    try {
      await record(context, bank, status);
      recorded += 1;
    } catch (error) {
      context.logger.error({ bankId: bank.id, err: error }, 'recording bank status failed');
    }
  }
  const next = new Date(context.clock.now().getTime() + payload.intervalSeconds * 1000);
  await scheduledJobs.schedule(context.prisma, probeTimerId(next), payload, next, JOB_QUEUE[payload.name]);
  context.logger.info({ probed: recorded, skipped: banks.length - recorded }, 'probed bank status');
  return recorded;
}

/** Makes sure a probe timer exists (first start, or after its job was lost). */
export async function ensureProbeScheduled({ prisma, clock }: Pick<JobContext, 'prisma' | 'clock'>, intervalSeconds: number): Promise<void> {
  if ((await scheduledJobs.countByName(prisma, PROBE_JOB)) > 0) return;
  const now = clock.now();
  await scheduledJobs.schedule(prisma, probeTimerId(now), { name: PROBE_JOB, intervalSeconds }, now, JOB_QUEUE[PROBE_JOB]);
}
