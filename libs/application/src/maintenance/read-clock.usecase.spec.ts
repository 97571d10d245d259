import { describe, expect, it } from 'vitest';
import { OffsetClock, type AppConfig } from '#libs/common';
import { ReadClockUseCase } from './read-clock.usecase.js';

describe('ReadClockUseCase', () => {
  it('has no clock to show outside sandbox', async () => {
    const config = { environment: 'production' } as AppConfig;
    expect(await new ReadClockUseCase(new OffsetClock(), config).execute()).toBeUndefined();
  });

  it('has no clock to show when the clock is not the shared one', async () => {
    const config = { environment: 'sandbox' } as AppConfig;
    expect(await new ReadClockUseCase(new OffsetClock(), config).execute()).toBeUndefined();
  });
});
