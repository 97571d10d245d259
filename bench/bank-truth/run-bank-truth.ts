import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { adminCall } from './admin-client.js';
import { FAULT_KINDS, FLOWS, planOperations, type FaultKind, type Flow, type PlannedOperation } from './fault-plan.js';
import type { Fixtures } from './flow-client.js';
import { FLOW_BANKS, runFlow, type FlowContext, type Started } from './flows.js';
import { GatewayProcesses } from './processes.js';
import { prepareFixtures } from './run-fixtures.js';
import { judge, linkCountersWrong, type BankExecution, type Finding, type GatewayResource } from './truth.js';

export interface BankTruthOptions {
  /** Operations of one round: the plan drawn from one seed. */
  readonly operations: number;
  /** The first round's seed; round n (from 0) draws its plan from seed + n. */
  readonly seed: number;
  /** A migrated gateway database (the sandbox bank migrates its own schema) and a Redis. */
  readonly databaseUrl: string;
  readonly redisUrl: string;
  readonly flows?: readonly Flow[];
  readonly faults?: readonly FaultKind[];
  /** How many operations of one phase run at once. */
  readonly concurrency?: number;
  /**
   * Drive operations until this many seconds have passed, round after round (a new seed each),
   * each phase of a round taking its share of the time left, then let the timers run. Without it,
   * one round.
   */
  readonly seconds?: number;
  readonly log?: (line: string) => void;
}

export interface BankTruthReport {
  /** The seeds of the rounds driven, in order. */
  readonly seeds: readonly number[];
  /** From the start of the processes to the end of the comparison. */
  readonly durationSeconds: number;
  /** Of which driving operations (the rest: fixtures, timers, comparison). */
  readonly drivingSeconds: number;
  readonly operations: number;
  readonly faults: Readonly<Record<string, number>>;
  /** Operations per flow. */
  readonly flows: Readonly<Record<string, number>>;
  /** Per flow, the final statuses of the resources its operations made at the gateway (kind:status). */
  readonly outcomes: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /**
   * The operations (`flow / fault`) that left nothing at the gateway: a create cut by a kill whose
   * retry found its key still in flight (nothing stored, nothing at the bank), or a flow broken.
   */
  readonly emptyOperations: readonly string[];
  readonly divergences: number;
  readonly doubleExecutions: number;
  readonly stuck: number;
  readonly findings: readonly Finding[];
}

/** How long a sandbox bank process trusts faults it read (a PUT reaches every process within it). */
const FAULT_REFRESH_MS = 1100;
/** The clock moves past every window in these steps (seconds): bank deadlines, authorisation windows, polling periods. */
const CLOCK_STEPS_S = [30, 120, 900, 3600, 86_400, 7 * 86_400, 30 * 86_400];

type Json = Record<string, unknown>;

/**
 * The faults a phase sets at each bank its flows pay at: lost or late answers of the calls that
 * move the money there (flows sharing a bank share its faults, so their calls are one list).
 */
function bankFaults(fault: FaultKind, flows: readonly Flow[]): Map<string, Json> {
  const calls = new Map<string, Set<string>>();
  for (const flow of flows) {
    const { bankId, moneyCall } = FLOW_BANKS[flow];
    calls.set(bankId, (calls.get(bankId) ?? new Set()).add(moneyCall));
  }
  const faults = new Map<string, Json>();
  for (const [bankId, only] of calls) {
    if (fault === 'lost-answer') faults.set(bankId, { lostAnswerRate: 1, only: [...only] });
    else if (fault === 'late-answer') faults.set(bankId, { lateAnswerMs: 3000, only: [...only] });
    else faults.set(bankId, {});
  }
  return faults;
}

/** Counts per key. */
function tally(keys: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

/**
 * Drives rounds of planned operations phase by phase (one fault kind per phase, so a bank's
 * faults hold for the whole phase), lets every timer run, then compares each gateway resource
 * with what the bank executed under its end-to-end id.
 */
export async function runBankTruth(options: BankTruthOptions): Promise<BankTruthReport> {
  const log = options.log ?? (() => undefined);
  const began = Date.now();
  const processes = await GatewayProcesses.start(options.databaseUrl, options.redisUrl, {
    PAYMENT_POLL_SCHEDULE_SECONDS: '1',
  });
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  try {
    const created = await adminCall(`${processes.adminUrl}/admin/members`, 'POST', { name: 'Bank truth TPP' });
    const fixtures: Fixtures = { refundablePayments: [] };
    const ctx: FlowContext = {
      apiUrl: processes.apiUrl,
      auth: `Basic ${String(created['apiKey'])}`,
      fixtures,
      apiReady: () => processes.waitReady('api'),
    };
    const site = { ctx, adminUrl: processes.adminUrl, sandboxUrl: processes.sandboxUrl, db };
    const started: Started[] = [];
    const seeds: number[] = [];
    const drivingFrom = Date.now();
    const stopAt = options.seconds === undefined ? undefined : drivingFrom + options.seconds * 1000;
    const timeIsUp = (): boolean => stopAt !== undefined && Date.now() > stopAt;
    for (let round = 0; round === 0 || (stopAt !== undefined && !timeIsUp()); round++) {
      const seed = options.seed + round;
      seeds.push(seed);
      const plan = planOperations(options.operations, seed, options.flows ?? FLOWS, options.faults ?? FAULT_KINDS);
      log(`round ${round + 1} (seed ${seed}): ${plan.length} operations`);
      await prepareFixtures(site, fixtures, plan);
      const phases = FAULT_KINDS.map((fault) => ({
        fault,
        phase: plan.filter((operation) => operation.fault === fault),
      })).filter(({ phase }) => phase.length > 0);
      for (const [index, { fault, phase }] of phases.entries()) {
        // The first round drives at least one batch of every phase, so a short run still meets
        // every fault kind; with a time limit, each phase gets its share of the time left.
        if (round > 0 && timeIsUp()) break;
        const phaseStop =
          stopAt === undefined ? undefined : Date.now() + (stopAt - Date.now()) / (phases.length - index);
        const phaseIsUp = (): boolean => phaseStop !== undefined && Date.now() > phaseStop;
        log(`phase ${fault}: ${phase.length} operations`);
        const faults = bankFaults(fault, [...new Set(phase.map((operation) => operation.flow))]);
        for (const [bankId, body] of faults)
          await adminCall(`${processes.sandboxUrl}/sandbox/faults/${bankId}`, 'PUT', body);
        await sleep(FAULT_REFRESH_MS);
        const one = async (operation: PlannedOperation): Promise<void> => {
          const kill =
            fault === 'kill-api' || fault === 'kill-worker'
              ? sleep(operation.killAfterMs).then(() =>
                  processes.killAndRestart(fault === 'kill-api' ? 'api' : 'worker'),
                )
              : Promise.resolve();
          const [result] = await Promise.all([runFlow(ctx, operation.flow, fault), kill]);
          started.push(result);
        };
        // A kill strikes one operation at a time, so each meets its own.
        const size = fault.startsWith('kill-') ? 1 : (options.concurrency ?? 4);
        for (let i = 0; i < phase.length && (i === 0 || !phaseIsUp()); i += size)
          await Promise.all(phase.slice(i, i + size).map(one));
        for (const bankId of faults.keys())
          await adminCall(`${processes.sandboxUrl}/sandbox/faults/${bankId}`, 'PUT', {});
      }
    }
    const drivingSeconds = (Date.now() - drivingFrom) / 1000;
    await sleep(FAULT_REFRESH_MS);
    await letTimersRun(processes, db, log);
    const { findings, outcomes, empty } = await compare(processes, db, started);
    return {
      outcomes,
      emptyOperations: empty,
      seeds,
      durationSeconds: (Date.now() - began) / 1000,
      drivingSeconds,
      operations: started.length,
      faults: tally(started.map((operation) => operation.fault)),
      flows: tally(started.map((operation) => operation.flow)),
      divergences: findings.filter((finding) => finding.kind === 'divergence').length,
      doubleExecutions: findings.filter((finding) => finding.kind === 'double-execution').length,
      stuck: findings.filter((finding) => finding.kind === 'stuck').length,
      findings,
    };
  } finally {
    await db.end().catch(() => undefined);
    await processes.stop();
  }
}

/** Moves the service clock past every window, each time waiting until the worker has run what fell due. */
async function letTimersRun(processes: GatewayProcesses, db: pg.Client, log: (line: string) => void): Promise<void> {
  await waitForDueTimers(db, 20_000);
  for (const seconds of CLOCK_STEPS_S) {
    await adminCall(`${processes.adminUrl}/admin/clock/advance`, 'POST', { seconds });
    await sleep(500);
    const left = await waitForDueTimers(db, 30_000);
    log(`clock +${seconds} s: ${left} timers still due`);
  }
}

/** Waits until no timer is due on the service clock; answers how many still are at the end. */
async function waitForDueTimers(db: pg.Client, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ due: string }>(
      `SELECT count(*)::text AS due FROM scheduled_job
        WHERE due_at <= now() + make_interval(secs => (SELECT coalesce(max(offset_ms), 0) FROM clock_offset) / 1000.0)`,
    );
    const due = Number(rows[0]?.due ?? '0');
    if (due === 0 || Date.now() > deadline) return due;
    await sleep(250);
  }
}

/** Every resource the operations made at the gateway, by end-to-end id; a link's payments by the link. */
async function gatewayResources(
  db: pg.Client,
  started: readonly Started[],
): Promise<{ byRef: Map<string, GatewayResource[]>; byLink: Map<string, GatewayResource[]> }> {
  const refIds = started.map((operation) => operation.refId);
  const linkIds = started.flatMap((operation) => (operation.linkId === undefined ? [] : [operation.linkId]));
  const label = new Map(started.map((operation) => [operation.refId, `${operation.flow} / ${operation.fault}`]));
  const linkLabel = new Map(started.map((operation) => [operation.linkId, `${operation.flow} / ${operation.fault}`]));
  const byRef = new Map<string, GatewayResource[]>();
  const byLink = new Map<string, GatewayResource[]>();
  const add = (into: Map<string, GatewayResource[]>, key: string, resource: GatewayResource): void =>
    void into.set(key, [...(into.get(key) ?? []), resource]);
  const flagged = (kind: string, table: string) =>
    `(SELECT c.flagged_at FROM outcome_check c WHERE c.kind = '${kind}' AND c.resource_id = ${table}.id) AS outcome_flagged_at`;
  const payments = await db.query<Json>(
    `SELECT p.*, ${flagged('payment', 'p')} FROM payment p WHERE p.ref_id = ANY($1) OR p.payment_link_id = ANY($2)`,
    [refIds, linkIds],
  );
  for (const row of payments.rows) {
    const link = row['payment_link_id'];
    const linkId = typeof link === 'string' ? link : undefined;
    const resource: GatewayResource = {
      kind: 'payment',
      id: String(row['id']),
      refId: String(row['ref_id']),
      bankId: String(row['bank_id']),
      status: String(row['status']),
      label: (linkId === undefined ? label.get(String(row['ref_id'])) : linkLabel.get(linkId)) ?? '',
      row,
    };
    if (linkId === undefined) add(byRef, resource.refId, resource);
    else add(byLink, linkId, resource);
  }
  const requests = await db.query<Json>(
    `SELECT r.id, r.ref_id, r.bank_id, r.status, r.transfer_id, t.status AS transfer_status, t.bank_id AS transfer_bank_id, to_jsonb(t) AS transfer,
            (SELECT c.flagged_at FROM outcome_check c WHERE c.resource_id = t.id) AS outcome_flagged_at
       FROM token_request r LEFT JOIN transfer t ON t.id = r.transfer_id WHERE r.ref_id = ANY($1)`,
    [refIds],
  );
  for (const row of requests.rows) {
    const refId = String(row['ref_id']);
    const transfer = row['transfer_id'] !== null;
    add(byRef, refId, {
      kind: transfer ? 'transfer' : 'token-request',
      id: String(transfer ? row['transfer_id'] : row['id']),
      refId,
      bankId: String(transfer ? row['transfer_bank_id'] : row['bank_id']),
      status: String(transfer ? row['transfer_status'] : row['status']),
      label: label.get(refId) ?? '',
      row: transfer ? ((row['transfer'] as Json | null) ?? {}) : row,
    });
  }
  for (const [kind, table, bank] of [
    ['refund', 'refund', 'bank_id'],
    ['payout', 'payout', 'provider_id'],
  ] as const) {
    const rows = await db.query<Json>(
      `SELECT x.id, x.ref_id, x.${bank} AS bank_id, x.status, ${flagged(kind, 'x')} FROM ${table} x WHERE x.ref_id = ANY($1)`,
      [refIds],
    );
    for (const row of rows.rows)
      add(byRef, String(row['ref_id']), {
        kind,
        id: String(row['id']),
        refId: String(row['ref_id']),
        bankId: String(row['bank_id']),
        status: String(row['status']),
        label: label.get(String(row['ref_id'])) ?? '',
        row,
      });
  }
  return { byRef, byLink };
}

async function bankExecutions(processes: GatewayProcesses, bankId: string, refId: string): Promise<BankExecution[]> {
  const answer = await adminCall(
    `${processes.sandboxUrl}/sandbox/payments/${encodeURIComponent(bankId)}?endToEndId=${encodeURIComponent(refId.slice(0, 35))}`,
    'GET',
  );
  return answer['payments'] as BankExecution[];
}

/** A link's counters against its payments; a divergence when they differ. */
async function linkFindings(
  db: pg.Client,
  operation: Started,
  payments: readonly GatewayResource[],
): Promise<Finding[]> {
  const { rows } = await db.query<{ used_count: number; used_amount: string }>(
    'SELECT used_count, used_amount::text FROM payment_link WHERE id = $1',
    [operation.linkId],
  );
  const link = rows[0];
  if (link === undefined) return [];
  const wrong = linkCountersWrong({
    usedCount: link.used_count,
    usedAmount: link.used_amount,
    payments: payments.map((payment) => ({ status: payment.status, amount: String(payment.row['amount']) })),
  });
  if (wrong === undefined) return [];
  return [
    {
      kind: 'divergence',
      resource: {
        kind: 'payment',
        id: operation.linkId ?? '',
        refId: operation.refId,
        bankId: operation.bankId,
        status: 'LINK',
        label: `${operation.flow} / ${operation.fault}`,
        row: {},
      },
      bankExecutions: 0,
      detail: wrong,
    },
  ];
}

async function compare(
  processes: GatewayProcesses,
  db: pg.Client,
  started: readonly Started[],
): Promise<{ findings: Finding[]; outcomes: Record<string, Record<string, number>>; empty: string[] }> {
  const { byRef, byLink } = await gatewayResources(db, started);
  const findings: Finding[] = [];
  const outcomes: Record<string, Record<string, number>> = {};
  const empty: string[] = [];
  const count = (operation: Started, resources: readonly GatewayResource[]): void => {
    const of = (outcomes[operation.flow] ??= {});
    if (resources.length === 0) empty.push(`${operation.flow} / ${operation.fault}`);
    for (const resource of resources)
      of[`${resource.kind}:${resource.status}`] = (of[`${resource.kind}:${resource.status}`] ?? 0) + 1;
    if (resources.length === 0) of['none'] = (of['none'] ?? 0) + 1;
  };
  for (const operation of started) {
    if (operation.linkId !== undefined) {
      const payments = byLink.get(operation.linkId) ?? [];
      count(operation, payments);
      // A payment whose payer chose no bank is looked up at the bank the flow would have chosen.
      for (const payment of payments) {
        const bankId = payment.row['bank_id'] === null ? operation.bankId : payment.bankId;
        findings.push(...judge(payment, await bankExecutions(processes, bankId, payment.refId)));
      }
      findings.push(...(await linkFindings(db, operation, payments)));
      continue;
    }
    const executions = await bankExecutions(processes, operation.bankId, operation.refId);
    const made = byRef.get(operation.refId) ?? [];
    count(operation, made);
    if (made.length === 0) {
      // Nothing stored at the gateway: the bank must have executed nothing either.
      if (executions.length > 0)
        findings.push({
          kind: 'divergence',
          resource: {
            kind: 'payment',
            id: '',
            refId: operation.refId,
            bankId: operation.bankId,
            status: 'NONE',
            label: `${operation.flow} / ${operation.fault}`,
            row: {},
          },
          bankExecutions: executions.length,
          detail: 'no resource at the gateway, but the bank executed it',
        });
      continue;
    }
    for (const resource of made) findings.push(...judge(resource, executions));
  }
  return { findings, outcomes, empty };
}
