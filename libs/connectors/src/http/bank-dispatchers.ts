import { Agent, type Dispatcher } from 'undici';
import { BankTlsAgents } from './bank-tls.js';

/**
 * The connection pools a BankHttpClient and the clients it derives share: one keep-alive Agent for
 * calls without mutual TLS (or the dispatcher the caller injects, which the caller keeps and
 * closes), and one Agent per bank that uses mutual TLS.
 */
export class BankDispatchers {
  readonly plain: Dispatcher;
  readonly tls = new BankTlsAgents();
  /** The keep-alive Agent made here, to close; undefined when the caller injected the dispatcher. */
  private readonly own: Agent | undefined;

  constructor(injected?: Dispatcher) {
    this.own = injected === undefined ? new Agent({ pipelining: 1 }) : undefined;
    this.plain = injected ?? (this.own as Agent);
  }

  /**
   * Closes the shared Agent (unless injected) and every bank's mutual-TLS Agent; calls in flight
   * finish first. Closing again is harmless.
   */
  async close(): Promise<void> {
    const own = this.own?.closed === false ? this.own.close() : undefined;
    await Promise.all([own, this.tls.close()]);
  }
}
