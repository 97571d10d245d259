import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { FAULT_KINDS, FLOWS, planOperations, type FaultKind, type Flow, type PlannedOperation } from './fault-plan.js';
import { FLOW_BANKS, runFlow, type FlowContext, type Started } from './flows.js';
import { ADMIN_TOKEN, GatewayProcesses } from './processes.js';
import { judge, type BankExecution, type Finding, type GatewayResource } from './truth.js';

export interface BankTruthOptions {
  readonly operations: number;
  readonly seed: number;
  /** A migrated gateway database (the sandbox bank migrates its own schema) and a Redis. */
  readonly databaseUrl: string;
  readonly redisUrl: string;
  readonly flows?: readonly Flow[];
  readonly faults?: readonly FaultKind[];
  /** How many operations of one phase run at once. */
  readonly concurrency?: number;
  /** Stop driving new operations after this many seconds. */
  readonly seconds?: number;
  readonly log?: (line: string) => void;
}

export interface BankTruthReport {
  readonly operations: number;
  readonly faults: Readonly<Record<string, number>>;
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

async function adminCall(url: string, method: string, body?: unknown): Promise<Json> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text === '' ? {} : (JSON.parse(text) as Json);
}

/** The faults a phase sets at the bank of each flow: lost or late answers of the call that moves the money. */
function bankFaults(fault: FaultKind, flow: Flow): Json {
  const only = [FLOW_BANKS[flow].moneyCall];
  if (fault === 'lost-answer') return { lostAnswerRate: 1, only };
  if (fault === 'late-answer') return { lateAnswerMs: 3000, only };
  return {};
}

async function inBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/**
 * Drives the planned operations phase by phase (one fault kind per phase, so a bank's faults hold
 * for the whole phase), lets every timer run, then compares each gateway resource with what the
 * bank executed under its end-to-end id.
 */
export async function runBankTruth(options: BankTruthOptions): Promise<BankTruthReport> {
  const log = options.log ?? (() => undefined);
  const plan = planOperations(options.operations, options.seed, options.flows ?? FLOWS, options.faults ?? FAULT_KINDS);
  const processes = await GatewayProcesses.start(options.databaseUrl, options.redisUrl, {
    PAYMENT_POLL_SCHEDULE_SECONDS: '1',
  });
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  try {
    const created = await adminCall(`${processes.adminUrl}/admin/members`, 'POST', { name: 'Bank truth TPP' });
    const ctx: FlowContext = { apiUrl: processes.apiUrl, auth: `Basic ${String(created['apiKey'])}` };
    const started: Started[] = [];
    const stopAt = options.seconds === undefined ? Infinity : Date.now() + options.seconds * 1000;
    const faults: Record<string, number> = {};
    for (const fault of FAULT_KINDS) {
      const phase = plan.filter((operation) => operation.fault === fault);
      if (phase.length === 0 || Date.now() > stopAt) continue;
      log(`phase ${fault}: ${phase.length} operations`);
      faults[fault] = phase.length;
      const flows = [...new Set(phase.map((operation) => operation.flow))];
      for (const flow of flows)
        await adminCall(
          `${processes.sandboxUrl}/sandbox/faults/${FLOW_BANKS[flow].bankId}`,
          'PUT',
          bankFaults(fault, flow),
        );
      await sleep(FAULT_REFRESH_MS);
      const one = async (operation: PlannedOperation): Promise<void> => {
        const kill =
          fault === 'kill-api' || fault === 'kill-worker'
            ? sleep(operation.killAfterMs).then(() => processes.killAndRestart(fault === 'kill-api' ? 'api' : 'worker'))
            : Promise.resolve();
        const [result] = await Promise.all([runFlow(ctx, operation.flow, fault), kill]);
        started.push(result);
      };
      // A kill strikes one operation at a time, so each meets its own.
      await inBatches(phase, fault.startsWith('kill-') ? 1 : (options.concurrency ?? 4), one);
      for (const flow of flows)
        await adminCall(`${processes.sandboxUrl}/sandbox/faults/${FLOW_BANKS[flow].bankId}`, 'PUT', {});
    }
    await sleep(FAULT_REFRESH_MS);
    await letTimersRun(processes, db, log);
    const findings = await compare(processes, db, started);
    return {
      operations: started.length,
      faults,
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

/** Every resource the operations made at the gateway, by end-to-end id. */
async function gatewayResources(db: pg.Client, started: readonly Started[]): Promise<Map<string, GatewayResource[]>> {
  const refIds = started.map((operation) => operation.refId);
  const label = new Map(started.map((operation) => [operation.refId, `${operation.flow} / ${operation.fault}`]));
  const byRef = new Map<string, GatewayResource[]>();
  const add = (resource: GatewayResource): void =>
    void byRef.set(resource.refId, [...(byRef.get(resource.refId) ?? []), resource]);
  const payments = await db.query<Json>(
    `SELECT p.*, (SELECT c.flagged_at FROM outcome_check c WHERE c.kind = 'payment' AND c.resource_id = p.id) AS outcome_flagged_at
       FROM payment p WHERE p.ref_id = ANY($1)`,
    [refIds],
  );
  for (const row of payments.rows)
    add({
      kind: 'payment',
      id: String(row['id']),
      refId: String(row['ref_id']),
      bankId: String(row['bank_id']),
      status: String(row['status']),
      label: label.get(String(row['ref_id'])) ?? '',
      row,
    });
  const requests = await db.query<Json>(
    `SELECT r.id, r.ref_id, r.bank_id, r.status, r.transfer_id, t.status AS transfer_status, t.bank_id AS transfer_bank_id, to_jsonb(t) AS transfer,
            (SELECT c.flagged_at FROM outcome_check c WHERE c.resource_id = t.id) AS outcome_flagged_at
       FROM token_request r LEFT JOIN transfer t ON t.id = r.transfer_id WHERE r.ref_id = ANY($1)`,
    [refIds],
  );
  for (const row of requests.rows) {
    const refId = String(row['ref_id']);
    const transfer = row['transfer_id'] !== null;
    add({
      kind: transfer ? 'transfer' : 'token-request',
      id: String(transfer ? row['transfer_id'] : row['id']),
      refId,
      bankId: String(transfer ? row['transfer_bank_id'] : row['bank_id']),
      status: String(transfer ? row['transfer_status'] : row['status']),
      label: label.get(refId) ?? '',
      row: transfer ? ((row['transfer'] as Json | null) ?? {}) : row,
    });
  }
  return byRef;
}

async function bankExecutions(processes: GatewayProcesses, bankId: string, refId: string): Promise<BankExecution[]> {
  const answer = await adminCall(
    `${processes.sandboxUrl}/sandbox/payments/${encodeURIComponent(bankId)}?endToEndId=${encodeURIComponent(refId.slice(0, 35))}`,
    'GET',
  );
  return answer['payments'] as BankExecution[];
}

async function compare(processes: GatewayProcesses, db: pg.Client, started: readonly Started[]): Promise<Finding[]> {
  const resources = await gatewayResources(db, started);
  const findings: Finding[] = [];
  for (const operation of started) {
    const executions = await bankExecutions(processes, operation.bankId, operation.refId);
    const made = resources.get(operation.refId) ?? [];
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
  return findings;
}
