export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the bank said was wrong, read from an error body by the connector that knows the format. */
export interface BankErrorDetail {
  readonly code?: string;
  readonly message?: string;
}

export interface BankRequest {
  readonly method: HttpMethod;
  readonly url: string;
  /** Short name for logs and spans, e.g. `obie.domestic-payments.create`. */
  readonly operation: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Overrides the retry rule, e.g. true for a client-credentials token request (safe to repeat). */
  readonly idempotent?: boolean;
  /** Statuses handed back to the caller instead of raised (e.g. 400 while polling a CIBA token). */
  readonly acceptStatuses?: readonly number[];
  /** A cap (ms) for this call, below the client's per-call cap. */
  readonly timeoutMs?: number;
  readonly describeError?: (body: unknown) => BankErrorDetail | undefined;
}

/** A bank answer's headers, read like fetch's Headers: any case, repeated values joined with ", ", null when absent. */
export interface BankResponseHeaders {
  get(name: string): string | null;
}

export interface BankResponse {
  readonly status: number;
  readonly headers: BankResponseHeaders;
  /** The body parsed as JSON when it is JSON, otherwise undefined. */
  readonly body: unknown;
  readonly text: string;
}
