import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The TPP's website (https://tpp.example) for browser tests: a local HTTPS server with a
 * throwaway self-signed certificate, reached by mapping the name in Chromium
 * (`--host-resolver-rules`, see `chromiumArgs`). Records the URLs it served.
 */
export class TppSite {
  readonly visits: URL[] = [];
  private server: Server | undefined;
  port = 0;

  async start(): Promise<void> {
    const dir = mkdtempSync(join(tmpdir(), 'tpp-site-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          'key.pem',
          '-out',
          'cert.pem',
          '-days',
          '1',
          '-subj',
          '/CN=tpp.example',
          '-addext',
          'subjectAltName=DNS:tpp.example',
        ],
        { cwd: dir, stdio: 'pipe' },
      );
      const key = readFileSync(join(dir, 'key.pem'));
      const cert = readFileSync(join(dir, 'cert.pem'));
      this.server = createServer({ key, cert }, (request, response) => {
        this.visits.push(new URL(request.url ?? '/', 'https://tpp.example'));
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end('<!doctype html><title>Shop</title><p>Thanks for your order.</p>');
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server?.address() as { port: number }).port;
  }

  /** Chromium flags that send tpp.example to this server (pair with `ignoreHTTPSErrors`). */
  chromiumArgs(): string[] {
    return [`--host-resolver-rules=MAP tpp.example:443 127.0.0.1:${this.port}`];
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve) ?? resolve(undefined));
  }
}
