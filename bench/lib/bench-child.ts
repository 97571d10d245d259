import { fork, type ChildProcess } from 'node:child_process';

/** What a bench child can be asked to do; each handler's value is sent back to the parent. */
export type ChildHandlers = Readonly<Record<string, () => unknown>>;

type ToChild = { readonly id: number; readonly type: string };
type FromChild =
  | { readonly kind: 'ready' }
  | { readonly kind: 'reply'; readonly id: number; readonly value?: unknown; readonly error?: string };

/**
 * A server under test in its own Node process (forked from a bench script), so that it has its
 * own event loop as in production and is not sharing one with the load generator. The parent
 * asks it things over IPC (`call`), e.g. its CPU profile or stage timings.
 */
export class BenchChild {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly exited: Promise<number | null>;

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.on('message', (message: FromChild) => {
      if (message.kind !== 'reply') return;
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error === undefined) waiting?.resolve(message.value);
      else waiting?.reject(new Error(`${name}: ${message.error}`));
    });
    void this.exited.then((code) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`${name} exited (code ${String(code)})`));
      this.pending.clear();
    });
  }

  /** Forks `modulePath` with `env` and waits until it says it is ready (listening). */
  static async start(name: string, modulePath: string, env: Readonly<Record<string, string>>): Promise<BenchChild> {
    const child = fork(modulePath, [], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number | null): void =>
        reject(new Error(`${name} exited before it was ready (code ${String(code)})`));
      child.once('exit', onExit);
      child.on('message', (message: FromChild) => {
        if (message.kind !== 'ready') return;
        child.off('exit', onExit);
        resolve();
      });
    });
    return new BenchChild(name, child);
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  call<T>(type: string): Promise<T> {
    const id = (this.nextId += 1);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: (value) => resolve(value as T), reject });
      this.child.send({ id, type } satisfies ToChild);
    });
  }

  /** Asks the child to close its servers and exit; kills it if it has not after 10 s. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await Promise.allSettled([this.call('stop')]);
    await this.exited;
    clearTimeout(timer);
  }
}

/**
 * The child's side: answers the parent's calls with `handlers` (plus `stop`, which runs
 * `close` and exits) and tells the parent it is ready.
 */
export function serveParent(handlers: ChildHandlers, close: () => Promise<void>): void {
  const reply = (message: FromChild, then?: () => void): void => {
    process.send?.(message, undefined, {}, () => then?.());
  };
  process.on('message', (message: ToChild) => {
    if (message.type === 'stop') {
      void close()
        .catch((error: unknown) => process.stderr.write(`close failed: ${String(error)}\n`))
        .finally(() => reply({ kind: 'reply', id: message.id }, () => process.exit(0)));
      return;
    }
    const handler = handlers[message.type];
    Promise.resolve()
      .then(() => {
        if (handler === undefined) throw new Error(`no handler for ${message.type}`);
        return handler();
      })
      .then(
        (value) => reply({ kind: 'reply', id: message.id, value }),
        (error: unknown) =>
          reply({ kind: 'reply', id: message.id, error: error instanceof Error ? error.message : String(error) }),
      );
  });
  // The parent going away (Ctrl-C, crash) takes the child with it.
  process.once('disconnect', () => process.exit(0));
  reply({ kind: 'ready' });
}
