/**
 * Keeps a server process running until SIGINT or SIGTERM, then closes it (finishing in-flight
 * work) and exits. A second signal exits at once.
 */
export function runUntilSignal(
  name: string,
  close: () => Promise<void>,
  signals: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'],
): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (closing) {
      process.exit(130);
    }
    closing = true;
    process.stderr.write(`${JSON.stringify({ level: 'info', service: name, msg: `${signal}: shutting down` })}\n`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(
          `${JSON.stringify({ level: 'error', service: name, msg: 'shutdown failed', err: String(error) })}\n`,
        );
        process.exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, stop);
  // A signal not listened for but still delivered (Ctrl-C to a cluster worker's process group) is ignored.
  if (!signals.includes('SIGINT')) process.on('SIGINT', () => undefined);
}

/** Runs a process's entry point; a configuration error prints one line naming the variable. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message}\n`);
    process.exit(1);
  });
}
