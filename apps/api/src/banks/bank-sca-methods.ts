import type { ScaApproach } from '#libs/application';

/** The reference's scaMethods values the catalogue's SCA approaches stand for. */
export type ScaMethod = 'REDIRECT' | 'DECOUPLED' | 'EMBEDDED_MULTI_STEP';

/** Embedded SCA (Berlin Group) collects credentials, then an SCA method choice and a code: multi-step. */
const SCA_METHOD: Record<ScaApproach, ScaMethod> = {
  REDIRECT: 'REDIRECT',
  DECOUPLED: 'DECOUPLED',
  EMBEDDED: 'EMBEDDED_MULTI_STEP',
};

export function scaMethodsOf(approaches: readonly ScaApproach[]): ScaMethod[] {
  return approaches.map((approach) => SCA_METHOD[approach]);
}

/** True when the user authorises outside the gateway (at the bank's pages or app). */
export function requiresExternalAuth(approaches: readonly ScaApproach[]): boolean {
  return approaches.some((approach) => approach !== 'EMBEDDED');
}
