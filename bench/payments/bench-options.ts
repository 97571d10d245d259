/** `npm run bench:payments [seconds] [--rounds=N] [--profile] [--api-workers=N]`, read. */
export interface BenchOptions {
  /** Per measurement (default 10). */
  readonly seconds: number;
  readonly profile: boolean;
  /** The api's processes; a profile needs one. */
  readonly apiWorkers: number;
  readonly warmUpSeconds: number;
  /** Each run is measured in this many slices, the four runs taking turns, so that all four see the machine alike. */
  readonly rounds: number;
}

export function parseBenchOptions(args: readonly string[]): BenchOptions {
  const seconds = Number(args.find((arg) => /^\d+(\.\d+)?$/.test(arg)) ?? 10);
  const profile = args.includes('--profile');
  const apiWorkers = profile
    ? 1
    : Number(/^--api-workers=(\d+)$/.exec(args.find((arg) => arg.startsWith('--api-workers=')) ?? '')?.[1] ?? '1');
  const warmUpSeconds = Math.max(1, Math.round(seconds / 5));
  const rounds = Math.max(
    1,
    Number(/^--rounds=(\d+)$/.exec(args.find((arg) => arg.startsWith('--rounds=')) ?? '')?.[1] ?? '5'),
  );
  return { seconds, profile, apiWorkers, warmUpSeconds, rounds };
}
