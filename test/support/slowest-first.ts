import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The e2e files that take longest (measured, docs/testing.md#timings), longest first. With files
 * running at once, one of them started last would run alone at the end of the run.
 */
export const SLOWEST_FILES: readonly string[] = [
  'test/e2e/replicas.e2e.spec.ts',
  'test/e2e/payouts.e2e.spec.ts',
  'test/e2e/vrp-consents.e2e.spec.ts',
  'test/e2e/transfers-polling.e2e.spec.ts',
  'test/e2e/readme-commands.e2e.spec.ts',
  'test/e2e/webhooks-chaos.e2e.spec.ts',
  'test/e2e/vrps.e2e.spec.ts',
  'test/e2e/bank-truth.e2e.spec.ts',
  'test/e2e/deploy-startup.e2e.spec.ts',
  'test/e2e/refunds.e2e.spec.ts',
  'test/e2e/tokens.e2e.spec.ts',
  'test/e2e/transfers-listing.e2e.spec.ts',
];

/**
 * Vitest's order (by the durations of earlier runs when it has them, else larger files first),
 * but the slowest files first even on a fresh clone, which has no earlier runs.
 */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const index = SLOWEST_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? SLOWEST_FILES.length : index;
    };
    return sorted
      .map((spec, position) => ({ spec, position, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.position - b.position)
      .map(({ spec }) => spec);
  }
}
