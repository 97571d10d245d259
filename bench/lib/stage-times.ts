import { performance } from 'node:perf_hooks';

export interface StageFigures {
  readonly stage: string;
  readonly calls: number;
  readonly meanMs: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

/** The names of the methods of `T` the compiler sees (its public ones). */
type MethodName<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? K : never }[keyof T] & string;

/**
 * Wall time of named stages inside a server under test, recorded by wrapping methods on their
 * prototypes from the outside (no product code changes). Times overlap (a stage includes the
 * stages it calls) and, under load, include waiting for the event loop.
 */
export class StageTimes {
  private readonly samples = new Map<string, number[]>();
  private enabled = false;

  /** Starts (or restarts) recording from zero. */
  reset(): void {
    this.samples.clear();
    this.enabled = true;
  }

  record(stage: string, ms: number): void {
    if (!this.enabled) return;
    let list = this.samples.get(stage);
    if (list === undefined) this.samples.set(stage, (list = []));
    list.push(ms);
  }

  /**
   * Replaces `target[method]` with a wrapper that records each call's duration (to settlement
   * for a promise or thenable, which the wrapper then answers as a plain promise), under
   * `stage` or the name it gives for the call's arguments. The method's name is checked by the
   * typecheck; false when there is no such method at run time.
   */
  wrap<T extends object>(
    target: T,
    method: MethodName<T>,
    stage: string | ((args: readonly unknown[]) => string),
  ): boolean {
    return this.wrapAny(target, method, stage);
  }

  /**
   * `wrap` for a private method, whose name the typecheck cannot see: false when there is no such
   * method (renamed since this was written), which the caller reports.
   */
  wrapPrivate(target: object, method: string, stage: string | ((args: readonly unknown[]) => string)): boolean {
    return this.wrapAny(target, method, stage);
  }

  private wrapAny(target: object, method: string, stage: string | ((args: readonly unknown[]) => string)): boolean {
    const holder = target as Record<string, unknown>;
    const original = holder[method];
    if (typeof original !== 'function') return false;
    const call = original as AnyFunction;
    const record = (started: number, args: readonly unknown[]): void =>
      this.record(typeof stage === 'string' ? stage : stage(args), performance.now() - started);
    holder[method] = function timed(this: unknown, ...args: unknown[]): unknown {
      const started = performance.now();
      const result = call.apply(this, args);
      // Prisma answers a lazy thenable that runs when awaited: time it as the caller awaits it.
      if (
        result instanceof Promise ||
        (typeof result === 'object' && result !== null && typeof (result as { then?: unknown }).then === 'function')
      ) {
        return Promise.resolve(result).finally(() => record(started, args));
      }
      record(started, args);
      return result;
    };
    return true;
  }

  figures(): StageFigures[] {
    return [...this.samples].map(([stage, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      const at = (p: number): number =>
        sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
      const round = (ms: number): number => Math.round(ms * 100) / 100;
      return {
        stage,
        calls: list.length,
        meanMs: round(list.reduce((sum, ms) => sum + ms, 0) / list.length),
        p50Ms: round(at(0.5)),
        p99Ms: round(at(0.99)),
      };
    });
  }
}
