import 'reflect-metadata';
import { Injectable, Module, type INestApplicationContext, type Type } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { afterEach, describe, expect, it } from 'vitest';
import { randomBase58 } from '#libs/domain';
import {
  ConsentCallback,
  type CallbackOutcome,
  type ConsentCallbackContext,
  type ConsentCallbackHandler,
} from './consent-callback-handler.js';
import { ConsentCallbackRegistry } from './consent-callback-registry.js';

interface Call {
  readonly token: string;
  readonly params: Readonly<Record<string, string>>;
  readonly context: ConsentCallbackContext;
}

/** A handler that records its calls and sends the user to a page named for its kind. */
abstract class RecordingHandler implements ConsentCallbackHandler {
  readonly calls: Call[] = [];
  protected abstract readonly page: string;

  complete(token: string, params: Readonly<Record<string, string>>, context: ConsentCallbackContext) {
    this.calls.push({ token, params, context });
    return Promise.resolve<CallbackOutcome>({ kind: 'redirect', location: `https://tpp.example/${this.page}` });
  }
}

@Injectable()
@ConsentCallback('payment')
class PaymentCallbacks extends RecordingHandler {
  protected readonly page = 'payment';
}

@Injectable()
@ConsentCallback('vrp-consent')
class VrpConsentCallbacks extends RecordingHandler {
  protected readonly page = 'vrp';
}

@Injectable()
@ConsentCallback('payment')
class OtherPaymentCallbacks extends RecordingHandler {
  protected readonly page = 'other';
}

@Injectable()
@ConsentCallback('account-access')
class NotAHandler {}

@Injectable()
class UnmarkedProvider extends RecordingHandler {
  protected readonly page = 'unmarked';
}

/** Each handler in a module of its own, as each domain provides its own. */
function domainModule(handler: Type): Type {
  @Module({ providers: [handler], exports: [handler] })
  class DomainModule {}
  return DomainModule;
}

function boot(...handlers: Type[]): Promise<INestApplicationContext> {
  @Module({ imports: [DiscoveryModule, ...handlers.map(domainModule)], providers: [ConsentCallbackRegistry] })
  class CallbackTestModule {}
  return NestFactory.createApplicationContext(CallbackTestModule, { logger: false, abortOnError: false });
}

describe('ConsentCallbackRegistry', () => {
  let app: INestApplicationContext | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('finds the marked providers of every module at boot', async () => {
    app = await boot(PaymentCallbacks, VrpConsentCallbacks, UnmarkedProvider);
    expect(app.get(ConsentCallbackRegistry).kinds().sort()).toEqual(['payment', 'vrp-consent']);
  });

  it('dispatches by the kind the state names, handing over the token, the params and the context', async () => {
    app = await boot(PaymentCallbacks, VrpConsentCallbacks);
    const registry = app.get(ConsentCallbackRegistry);
    const token = randomBase58(32);
    const context = { traceId: 't-1', psuIpAddress: '127.0.0.1' };

    const vrp = await registry.dispatch({ state: `vc.${token}`, code: 'c1' }, context);
    expect(vrp).toEqual({ kind: 'redirect', location: 'https://tpp.example/vrp' });
    expect(app.get(VrpConsentCallbacks).calls).toEqual([
      { token, params: { state: `vc.${token}`, code: 'c1' }, context },
    ]);

    const payment = await registry.dispatch({ state: token, code: 'c2' }, context);
    expect(payment).toEqual({ kind: 'redirect', location: 'https://tpp.example/payment' });
    expect(app.get(PaymentCallbacks).calls.map((call) => call.token)).toEqual([token]);
    expect(app.get(VrpConsentCallbacks).calls).toHaveLength(1);
  });

  it.each([
    ['a kind without a handler', `tr.${randomBase58(32)}`],
    ['an unknown prefix', `xx.${randomBase58(32)}`],
    ['a malformed token', 'vc.not-a-token'],
    ['an empty state', ''],
  ])('answers unknown-state for %s, calling no handler', async (_label, state) => {
    app = await boot(PaymentCallbacks, VrpConsentCallbacks);
    expect(await app.get(ConsentCallbackRegistry).dispatch({ state, code: 'c' }, {})).toEqual({
      kind: 'unknown-state',
    });
    expect(app.get(PaymentCallbacks).calls).toEqual([]);
    expect(app.get(VrpConsentCallbacks).calls).toEqual([]);
  });

  it('answers unknown-state when the callback has no state at all', async () => {
    app = await boot(PaymentCallbacks);
    expect(await app.get(ConsentCallbackRegistry).dispatch({ code: 'c' }, {})).toEqual({ kind: 'unknown-state' });
    expect(app.get(PaymentCallbacks).calls).toEqual([]);
  });

  it('refuses to boot with two handlers for one kind', async () => {
    await expect(boot(PaymentCallbacks, OtherPaymentCallbacks)).rejects.toThrow(
      "two callback handlers for consent kind 'payment': PaymentCallbacks and OtherPaymentCallbacks",
    );
  });

  it('refuses to boot with a marked provider that cannot handle a callback', async () => {
    await expect(boot(PaymentCallbacks, NotAHandler)).rejects.toThrow(
      "NotAHandler is marked @ConsentCallback('account-access') but has no complete() method",
    );
  });
});
