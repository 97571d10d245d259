import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '#libs/common';
import { REDIS } from '#libs/db';

/** A signed-in operator's session, kept in Redis so every admin replica shares it. */
export interface ConsoleSession {
  readonly csrfToken: string;
  readonly createdAtMs: number;
  readonly lastSeenAtMs: number;
}

function keyOf(sessionId: string): string {
  // Only a digest of the cookie's value is stored: a Redis dump does not hold live session ids.
  return `console:session:${createHash('sha256').update(sessionId).digest('hex')}`;
}

function token(): string {
  return randomBytes(32).toString('base64url');
}

/** Makes, reads (sliding the idle window) and ends console sessions. */
@Injectable()
export class ConsoleSessions {
  /** Absolute lifetime of a session, and how long it may sit unused (the typed config's). */
  private readonly absoluteMs: number;
  private readonly idleMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.absoluteMs = config.console.sessionHours * 3_600_000;
    this.idleMs = config.console.sessionIdleMinutes * 60_000;
  }

  async create(nowMs: number): Promise<{ sessionId: string; session: ConsoleSession }> {
    const sessionId = token();
    const session: ConsoleSession = { csrfToken: token(), createdAtMs: nowMs, lastSeenAtMs: nowMs };
    await this.redis.set(keyOf(sessionId), JSON.stringify(session), 'PX', this.idleMs);
    return { sessionId, session };
  }

  /** The session, if it exists and has passed neither limit; its idle window starts again. */
  async touch(sessionId: string, nowMs: number): Promise<ConsoleSession | undefined> {
    const stored = await this.redis.get(keyOf(sessionId));
    if (stored === null) return undefined;
    const session = JSON.parse(stored) as ConsoleSession;
    if (nowMs - session.createdAtMs >= this.absoluteMs || nowMs - session.lastSeenAtMs >= this.idleMs) {
      await this.end(sessionId);
      return undefined;
    }
    const next: ConsoleSession = { ...session, lastSeenAtMs: nowMs };
    const ttl = Math.min(this.idleMs, this.absoluteMs - (nowMs - session.createdAtMs));
    await this.redis.set(keyOf(sessionId), JSON.stringify(next), 'PX', ttl);
    return next;
  }

  async end(sessionId: string): Promise<void> {
    await this.redis.del(keyOf(sessionId));
  }
}
