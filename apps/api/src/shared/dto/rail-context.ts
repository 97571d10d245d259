import {
  PAYMENT_FLOW_TYPES,
  PAYMENT_LOCAL_INSTRUMENTS,
  type PaymentFlowType,
  type RequestedLocalInstrument,
} from '#libs/domain';

/**
 * What the creditor and debtor checks need from the rest of the initiation (the rail, the
 * currency, bankId and flowType). class-validator validates a nested object on its own, so the
 * initiation hands its children this context while the request is transformed, in a symbol
 * property that whitelisting and serialisation never see. Values that are not valid yet are
 * left out: their own fields report them.
 */
export interface RailContext {
  readonly localInstrument?: RequestedLocalInstrument;
  readonly currency?: string;
  readonly bankId?: string;
  readonly flowType?: PaymentFlowType;
}

const RAIL_CONTEXT = Symbol('railContext');

export const REQUESTED_LOCAL_INSTRUMENTS: readonly RequestedLocalInstrument[] = [
  ...PAYMENT_LOCAL_INSTRUMENTS,
  'AUTO_SELECT',
];

function field(object: unknown, name: string): unknown {
  return typeof object === 'object' && object !== null ? (object as Record<string, unknown>)[name] : undefined;
}

export function railContextFrom(initiation: unknown): RailContext {
  const localInstrument = field(initiation, 'localInstrument');
  const currency = field(field(initiation, 'amount'), 'currency');
  const bankId = field(initiation, 'bankId');
  const flowType = field(initiation, 'flowType');
  // Set field by field: built on every request, and a chain of spreads costs more (see withFields).
  const context: { -readonly [Key in keyof RailContext]: RailContext[Key] } = {};
  if (REQUESTED_LOCAL_INSTRUMENTS.includes(localInstrument as RequestedLocalInstrument))
    context.localInstrument = localInstrument as RequestedLocalInstrument;
  if (typeof currency === 'string') context.currency = currency;
  if (typeof bankId === 'string' && bankId.trim() !== '') context.bankId = bankId.trim();
  if ((PAYMENT_FLOW_TYPES as readonly unknown[]).includes(flowType)) context.flowType = flowType as PaymentFlowType;
  return context;
}

export function attachRailContext(child: object, initiation: unknown): void {
  Object.defineProperty(child, RAIL_CONTEXT, {
    value: railContextFrom(initiation),
    enumerable: false,
    configurable: true,
  });
}

export function railContextOf(object: object): RailContext {
  return (object as { readonly [RAIL_CONTEXT]?: RailContext })[RAIL_CONTEXT] ?? {};
}
