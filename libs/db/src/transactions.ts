import { Injectable } from '@nestjs/common';
import { PrismaService, type Tx } from './prisma.service.js';

/**
 * Opens a transaction for a use case that changes several aggregates at once. `work` passes
 * `tx` to `repository.in(tx)` (and to writeOutboxEvent); it makes no statement of its own.
 */
@Injectable()
export class Transactions {
  constructor(private readonly prisma: PrismaService) {}

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }
}
