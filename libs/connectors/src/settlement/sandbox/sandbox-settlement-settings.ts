/** Where and how the gateway reaches the sandbox bank's settlement provider API. */
export interface SandboxSettlementSettings {
  /** The provider id the connector answers to. */
  readonly providerId: string;
  /** Base URL of the API (`…/settlement/v1`), without a trailing slash. */
  readonly baseUrl: string;
  /** The static Bearer key the API takes. */
  readonly apiKey: string;
}
