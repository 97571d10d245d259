import { newIdempotencyKey, send, USER, type FlowContext, type Json } from './flow-client.js';

/** The embedded Berlin Group bank's sandbox password, SCA method and one-time code. */
const ANSWERS: Readonly<Record<string, string>> = {
  psuId: USER,
  password: '12345',
  scaMethod: 'sms',
  otp: '123456',
};

/** The most steps a payment takes (credentials, SCA method, code) with room for a step asked again. */
const MOST_STEPS = 6;

function fieldsOf(payment: Json | undefined): string[] | undefined {
  if (payment?.['status'] !== 'INITIATION_PENDING_EMBEDDED_AUTH') return undefined;
  const fields = (payment['authentication'] as { fields?: { id?: unknown }[] } | undefined)?.fields;
  return fields?.map((field) => String(field.id));
}

/**
 * A Berlin Group embedded payment as a TPP's app drives it: created, then each step's fields
 * answered through `/embedded-auth` until none is asked. When a step's answer is lost (the api
 * killed), the app reads the payment again and answers whatever step it stands at.
 */
export async function embeddedPayment(ctx: FlowContext, initiation: Json): Promise<void> {
  const created = await send(ctx, `${ctx.apiUrl}/v2/payments`, 'POST', {
    idempotencyKey: newIdempotencyKey(),
    body: { initiation },
  });
  let payment = created.body['payment'] as Json | undefined;
  const id = payment?.['id'];
  if (typeof id !== 'string') return;
  const url = `${ctx.apiUrl}/v2/payments/${encodeURIComponent(id)}`;
  for (let step = 0; step < MOST_STEPS; step++) {
    const fields = fieldsOf(payment);
    if (fields === undefined) return;
    const values = Object.fromEntries(fields.map((field) => [field, ANSWERS[field] ?? '']));
    const answered = await send(ctx, `${url}/embedded-auth`, 'POST', { body: { embeddedAuth: values } });
    payment =
      answered.status === 200
        ? (answered.body['payment'] as Json | undefined)
        : ((await send(ctx, url, 'GET')).body['payment'] as Json | undefined);
  }
}
