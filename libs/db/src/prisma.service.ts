import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.js';

/** The Prisma client, on the pg driver adapter (no native engine). */
export class PrismaService extends PrismaClient {
  constructor(connectionString: string, poolSize = 10) {
    super({ adapter: new PrismaPg({ connectionString, max: poolSize }) });
  }
}

export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
