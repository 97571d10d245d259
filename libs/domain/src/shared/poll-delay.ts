/** Seconds before poll number `pollCount + 1`. */
export function pollDelaySeconds(scheduleSeconds: readonly number[], pollCount: number): number {
  if (scheduleSeconds.length === 0) return 60;
  return scheduleSeconds[Math.min(pollCount, scheduleSeconds.length - 1)] ?? 60;
}
