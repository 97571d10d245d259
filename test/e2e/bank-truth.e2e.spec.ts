import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#libs/common';
import { FAULT_KINDS, type FaultKind } from '../../bench/bank-truth/fault-plan.js';
import { runBankTruth } from '../../bench/bank-truth/run-bank-truth.js';
import { testConfig } from '../support/test-env.js';

/**
 * What the gateway does not yet survive without findings: whole fault kinds (a lost bank answer
 * is taken for a failure), or one flow under one fault (`flow / fault`). Findings under these are
 * expected until the fixes land; move an entry out to make the run assert on it.
 */
export const FAULTS_EXPECTED_TO_FAIL: readonly string[] = [
  // Not yet seen through a whole run (the api restarting slowly on a loaded machine).
  'kill-api',
];

/** Fault kinds the run drives: every one not expected to fail as a whole. */
const DRIVEN_FAULTS = FAULT_KINDS.filter((fault: FaultKind) => !FAULTS_EXPECTED_TO_FAIL.includes(fault));

/**
 * The bank-truth check (`npm run check:bank-truth`) as a small fixed-seed run: the built api,
 * worker and sandbox bank as processes, every flow under the handled fault kinds, every timer
 * run; no resource may contradict the bank, be paid twice, or be left unknown.
 */
describe('bank truth: the gateway never reports an outcome the bank contradicts', () => {
  it('a fixed-seed run of every flow under the handled faults: no divergence, no double execution, nothing stuck', async () => {
    expect(existsSync(join(projectRoot(), 'dist/apps/api/src/main.js')), 'run `npm run build` first').toBe(true);
    const config = await testConfig();
    const report = await runBankTruth({
      operations: 8,
      seed: 20261127,
      databaseUrl: config.databaseUrl,
      redisUrl: config.redisUrl,
      faults: DRIVEN_FAULTS,
    });
    const findings = report.findings
      .filter((finding) => !FAULTS_EXPECTED_TO_FAIL.includes(finding.resource.label))
      .map(
        (finding) =>
          `${finding.kind} ${finding.resource.label} ${finding.resource.kind} ${finding.resource.status}: ${finding.detail}`,
      );
    expect(report.operations).toBeGreaterThan(0);
    expect(findings).toEqual([]);
  }, 1_500_000);
});
