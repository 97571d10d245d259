import type { FastifyReply } from 'fastify';

/** A 303 to another console page (after a form: the browser GETs it), never cached. */
export async function redirect(reply: FastifyReply, location: string): Promise<void> {
  await reply.header('cache-control', 'no-store').redirect(location, 303);
}
