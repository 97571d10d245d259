import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { approachFor, AuthorisationsService } from './authorisations.service.js';
import type { Created } from './authorisations.service.js';
import { xs2aBank, type Xs2aBank } from './xs2a-banks.js';
import { authorisationResponse } from './xs2a-representations.js';
import { xs2aBases, xs2aHeaders } from './xs2a-request.js';
import type { Xs2aResource } from './xs2a-resource.store.js';

/** 201 for a new payment or consent: its Location, the SCA approach and the echoed X-Request-ID. */
export async function sendCreated(reply: FastifyReply, created: Created, requestId: string): Promise<void> {
  await reply
    .status(201)
    .headers({
      location: created.location,
      'ASPSP-SCA-Approach': created.approach.toUpperCase(),
      'X-Request-ID': requestId,
      'content-type': 'application/json; charset=utf-8',
    })
    .send(created.body);
}

/** Finds the payment or consent that the authorisations belong to, at the given bank. */
export type ParentResource = (bank: Xs2aBank) => Promise<Xs2aResource>;

/**
 * The authorisation sub-resources that payments and consents share: start, list, read the
 * scaStatus and update PSU data. A controller names the parent resource; the rest is the same.
 * The headers are checked first, then the bank, then the parent.
 */
@Injectable()
export class AuthorisationEndpoints {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly authorisations: AuthorisationsService,
  ) {}

  async start(request: FastifyRequest, bankId: string, parent: ParentResource, body: unknown): Promise<object> {
    const headers = xs2aHeaders(request);
    const bank = xs2aBank(this.banks, bankId);
    const resource = await parent(bank);
    const { authorisation, psuMessage } = await this.authorisations.start(
      bank,
      resource,
      approachFor(bank, headers),
      headers,
      body,
    );
    return authorisationResponse(xs2aBases(request, bankId), resource, authorisation, psuMessage);
  }

  async list(request: FastifyRequest, bankId: string, parent: ParentResource): Promise<object> {
    xs2aHeaders(request);
    const resource = await parent(xs2aBank(this.banks, bankId));
    return { authorisationIds: (await this.authorisations.list(resource)).map((authorisation) => authorisation.id) };
  }

  /** The scaStatus, once `assertAvailable` (the sandbox-bank-error scenario) has let the call through. */
  async read(
    request: FastifyRequest,
    bankId: string,
    parent: ParentResource,
    authorisationId: string,
    assertAvailable: (bank: Xs2aBank, resource: Xs2aResource) => Promise<void>,
  ): Promise<object> {
    xs2aHeaders(request);
    const bank = xs2aBank(this.banks, bankId);
    const resource = await parent(bank);
    const authorisation = await this.authorisations.read(bank, resource, authorisationId);
    await assertAvailable(bank, resource);
    return { scaStatus: authorisation.scaStatus };
  }

  async update(
    request: FastifyRequest,
    bankId: string,
    parent: ParentResource,
    authorisationId: string,
    body: unknown,
  ): Promise<object> {
    const headers = xs2aHeaders(request);
    const bank = xs2aBank(this.banks, bankId);
    const resource = await parent(bank);
    const { authorisation, psuMessage } = await this.authorisations.update(
      bank,
      resource,
      authorisationId,
      headers,
      body,
    );
    return authorisationResponse(xs2aBases(request, bankId), resource, authorisation, psuMessage);
  }
}
