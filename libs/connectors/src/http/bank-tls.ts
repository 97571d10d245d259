import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { Agent } from 'undici';

/**
 * What the gateway presents to one bank over mutual TLS (PEM text): the transport certificate
 * (leaf first, then any intermediates), its private key, and the CA bundle the bank's server
 * certificate must chain to when it is not one of the public roots.
 */
export interface BankTlsIdentity {
  readonly certificate: string;
  readonly privateKey: string;
  /** Replaces the public roots for this bank's calls. */
  readonly ca?: string;
  /** TLS server name (SNI and certificate check) when it differs from the URL's host. */
  readonly serverName?: string;
}

export type BankTlsPart = 'certificate' | 'privateKey' | 'ca';

/** TLS material that cannot work; names the part at fault and never quotes it. */
export class BankTlsMaterialError extends Error {
  constructor(
    readonly part: BankTlsPart,
    readonly problem: string,
  ) {
    super(`mutual TLS ${part} ${problem}`);
    this.name = 'BankTlsMaterialError';
  }
}

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** PEM kept in a one-line variable often has its line breaks written as `\n`. */
function pemText(value: string): string {
  const text = value.trim();
  return text.includes('\n') ? text : text.replaceAll('\\n', '\n');
}

/** The certificates of a PEM bundle, in order; at least one. */
function certificates(part: BankTlsPart, pem: string): X509Certificate[] {
  const blocks = pem.match(CERTIFICATE_BLOCK) ?? [];
  if (blocks.length === 0)
    throw new BankTlsMaterialError(part, 'is not a PEM certificate (no BEGIN CERTIFICATE block)');
  return blocks.map((block, index) => {
    try {
      return new X509Certificate(block);
    } catch {
      throw new BankTlsMaterialError(
        part,
        `holds a block (certificate ${index + 1}) that is not a valid X.509 certificate`,
      );
    }
  });
}

function privateKey(pem: string): KeyObject {
  try {
    return createPrivateKey(pem);
  } catch {
    throw new BankTlsMaterialError('privateKey', 'is not an unencrypted PEM private key');
  }
}

/**
 * Checks and normalises mutual-TLS material before any call: every certificate parses, the key
 * is a private key that belongs to the leaf certificate, and the leaf has not expired.
 */
export function readTlsIdentity(material: BankTlsIdentity, nowMs: number): BankTlsIdentity {
  const certificate = pemText(material.certificate);
  const [leaf] = certificates('certificate', certificate) as [X509Certificate, ...X509Certificate[]];
  const expiry = new Date(leaf.validTo);
  if (expiry.getTime() <= nowMs) throw new BankTlsMaterialError('certificate', `expired on ${expiry.toISOString()}`);
  const key = pemText(material.privateKey);
  if (!leaf.checkPrivateKey(privateKey(key)))
    throw new BankTlsMaterialError('privateKey', 'is not the private key of the certificate');
  const ca = material.ca === undefined ? undefined : pemText(material.ca);
  if (ca !== undefined) certificates('ca', ca);
  return {
    certificate,
    privateKey: key,
    ...(ca === undefined ? {} : { ca }),
    ...(material.serverName === undefined ? {} : { serverName: material.serverName }),
  };
}

function sameIdentity(a: BankTlsIdentity, b: BankTlsIdentity): boolean {
  return (
    a.certificate === b.certificate && a.privateKey === b.privateKey && a.ca === b.ca && a.serverName === b.serverName
  );
}

/**
 * One undici Agent (its own connection pool) per bank that uses mutual TLS. Asking again for a
 * bank with the same material gives the same agent; new material (a rebuilt connector after a
 * certificate rotation) replaces it, and the old one closes once its calls in flight finish.
 */
export class BankTlsAgents {
  private readonly byBank = new Map<string, { readonly identity: BankTlsIdentity; readonly agent: Agent }>();

  agentFor(bankId: string, identity: BankTlsIdentity): Agent {
    const existing = this.byBank.get(bankId);
    if (existing !== undefined && sameIdentity(existing.identity, identity)) return existing.agent;
    if (existing !== undefined) void existing.agent.close().catch(() => undefined);
    const agent = new Agent({
      connect: {
        cert: identity.certificate,
        key: identity.privateKey,
        ...(identity.ca === undefined ? {} : { ca: identity.ca }),
        ...(identity.serverName === undefined ? {} : { servername: identity.serverName }),
      },
    });
    this.byBank.set(bankId, { identity, agent });
    return agent;
  }

  /** Closes every agent, letting calls in flight finish. */
  async close(): Promise<void> {
    const agents = [...this.byBank.values()].map((entry) => entry.agent);
    this.byBank.clear();
    await Promise.all(agents.map((agent) => agent.close()));
  }
}
