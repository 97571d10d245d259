import { expect } from 'vitest';
import { GatewayError } from '#libs/common';

/** The GatewayError a use case ended in (the test fails if it ended otherwise), to assert on. */
export async function gatewayFailure(run: () => Promise<unknown>): Promise<GatewayError> {
  const error = await run().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}
