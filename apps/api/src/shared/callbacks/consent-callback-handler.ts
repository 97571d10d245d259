import { DiscoveryService } from '@nestjs/core';
import type { ConsentKind } from '#libs/domain';

/** Where the user's browser goes once the callback is handled. */
export type CallbackOutcome =
  { readonly kind: 'redirect'; readonly location: string } | { readonly kind: 'unknown-state' };

export const UNKNOWN_STATE: CallbackOutcome = { kind: 'unknown-state' };

export interface ConsentCallbackContext {
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

/**
 * One kind of consent's end of the bank callback: completes the consent of the resource whose
 * callback token is `token` (the state's kind already chose this handler) with the bank's answer
 * in `params`, and says where the user goes next; `unknown-state` when no such resource exists.
 * A repeated callback (a reload) must not repeat the bank calls.
 */
export interface ConsentCallbackHandler {
  complete(
    token: string,
    params: Readonly<Record<string, string>>,
    context: ConsentCallbackContext,
  ): Promise<CallbackOutcome>;
}

/**
 * Marks a provider as the callback handler of one consent kind. The provider must implement
 * ConsentCallbackHandler; the registry finds it at boot wherever its module is imported.
 */
export const ConsentCallback = DiscoveryService.createDecorator<ConsentKind>();
