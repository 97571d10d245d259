import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { parseCallbackState, type ConsentKind } from '#libs/domain';
import {
  ConsentCallback,
  UNKNOWN_STATE,
  type CallbackOutcome,
  type ConsentCallbackContext,
  type ConsentCallbackHandler,
} from './consent-callback-handler.js';

function isHandler(instance: unknown): instance is ConsentCallbackHandler {
  return typeof (instance as Partial<ConsentCallbackHandler> | null)?.complete === 'function';
}

/**
 * The consent kinds' callback handlers, found at boot among the providers marked
 * `@ConsentCallback(kind)`: one a kind (a second one stops the boot). Dispatches a bank callback
 * by the kind its `state` names; a state naming no kind, or a kind without a handler, is unknown.
 */
@Injectable()
export class ConsentCallbackRegistry implements OnModuleInit {
  private readonly handlers = new Map<
    ConsentKind,
    { readonly name: string; readonly handler: ConsentCallbackHandler }
  >();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders({ metadataKey: ConsentCallback.KEY })) {
      const kind = this.discovery.getMetadataByDecorator(ConsentCallback, wrapper);
      if (kind === undefined) continue;
      const instance: unknown = wrapper.instance;
      const name = String(wrapper.name);
      if (!isHandler(instance))
        throw new TypeError(`${name} is marked @ConsentCallback('${kind}') but has no complete() method`);
      this.register(kind, name, instance);
    }
  }

  /** Refuses a second handler for a kind: which one answers must never depend on module order. */
  private register(kind: ConsentKind, name: string, handler: ConsentCallbackHandler): void {
    const existing = this.handlers.get(kind);
    if (existing !== undefined)
      throw new Error(`two callback handlers for consent kind '${kind}': ${existing.name} and ${name}`);
    this.handlers.set(kind, { name, handler });
  }

  /** The kinds that have a handler. */
  kinds(): ConsentKind[] {
    return [...this.handlers.keys()];
  }

  async dispatch(params: Readonly<Record<string, string>>, context: ConsentCallbackContext): Promise<CallbackOutcome> {
    const state = params['state'];
    const parts = state === undefined ? null : parseCallbackState(state);
    const entry = parts === null ? undefined : this.handlers.get(parts.kind);
    if (parts === null || entry === undefined) return UNKNOWN_STATE;
    return entry.handler.complete(parts.token, params, context);
  }
}
