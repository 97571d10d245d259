import type { FastifyReply } from 'fastify';
import { pageHeaders, type PageImages } from './page-layout.js';

/** Sends a rendered hosted page with the pages' headers. */
export async function sendPage(
  reply: FastifyReply,
  status: number,
  page: string,
  options: PageImages = {},
): Promise<void> {
  await reply.status(status).headers(pageHeaders(options)).send(page);
}

/** 303 See Other: the browser follows with a GET; no-store, and no referrer carrying the token onward. */
export async function sendRedirect(reply: FastifyReply, location: string): Promise<void> {
  await reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 303);
}
