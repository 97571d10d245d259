import { Body, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { approachFor, AuthorisationsService } from './authorisations.service.js';
import { ConsentsService } from './consents.service.js';
import { xs2aBank } from './xs2a-banks.js';
import { Xs2aApiController } from './xs2a-api.decorator.js';
import { authorisationResponse, type Bases } from './xs2a-representations.js';
import { bankBase, xs2aBase, xs2aHeaders } from './xs2a-request.js';

function bases(request: FastifyRequest, bankId: string): Bases {
  return { api: xs2aBase(request, bankId), bank: bankBase(request, bankId) };
}

/** Account-information consents and their authorisation sub-resources. */
@Xs2aApiController('consents')
export class BerlinGroupConsentsController {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly consents: ConsentsService,
    private readonly authorisations: AuthorisationsService,
  ) {}

  @Post()
  async create(@Param('bankId') bankId: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const headers = xs2aHeaders(request);
    const created = await this.consents.create(xs2aBank(this.banks, bankId), headers, body, bases(request, bankId));
    await reply
      .status(201)
      .headers({ location: created.location, 'ASPSP-SCA-Approach': created.approach.toUpperCase(), 'X-Request-ID': headers.requestId, 'content-type': 'application/json; charset=utf-8' })
      .send(created.body);
  }

  @Get(':consentId')
  read(@Param('bankId') bankId: string, @Param('consentId') consentId: string, @Req() request: FastifyRequest): Promise<object> {
    xs2aHeaders(request);
    return this.consents.read(xs2aBank(this.banks, bankId), consentId);
  }

  @Get(':consentId/status')
  status(@Param('bankId') bankId: string, @Param('consentId') consentId: string, @Req() request: FastifyRequest): Promise<object> {
    xs2aHeaders(request);
    return this.consents.status(xs2aBank(this.banks, bankId), consentId);
  }

  @Delete(':consentId')
  @HttpCode(204)
  async terminate(@Param('bankId') bankId: string, @Param('consentId') consentId: string, @Req() request: FastifyRequest): Promise<void> {
    xs2aHeaders(request);
    await this.consents.terminate(xs2aBank(this.banks, bankId), consentId);
  }

  @Post(':consentId/authorisations')
  @HttpCode(201)
  async startAuthorisation(@Param('bankId') bankId: string, @Param('consentId') consentId: string, @Body() body: unknown, @Req() request: FastifyRequest): Promise<object> {
    const headers = xs2aHeaders(request);
    const bank = xs2aBank(this.banks, bankId);
    const resource = await this.consents.consent(bank, consentId);
    const { authorisation, psuMessage } = await this.authorisations.start(bank, resource, approachFor(bank, headers), headers, body);
    return authorisationResponse(bases(request, bankId), resource, authorisation, psuMessage);
  }

  @Get(':consentId/authorisations')
  async listAuthorisations(@Param('bankId') bankId: string, @Param('consentId') consentId: string, @Req() request: FastifyRequest): Promise<object> {
    xs2aHeaders(request);
    const resource = await this.consents.consent(xs2aBank(this.banks, bankId), consentId);
    return { authorisationIds: (await this.authorisations.list(resource)).map((authorisation) => authorisation.id) };
  }

  @Get(':consentId/authorisations/:authorisationId')
  async readAuthorisation(@Param('bankId') bankId: string, @Param('consentId') consentId: string, @Param('authorisationId') authorisationId: string, @Req() request: FastifyRequest): Promise<object> {
    xs2aHeaders(request);
    const bank = xs2aBank(this.banks, bankId);
    const resource = await this.consents.consent(bank, consentId);
    const authorisation = await this.authorisations.read(bank, resource, authorisationId);
    assertUserApiAvailable((await this.consents.consent(bank, consentId)).username);
    return { scaStatus: authorisation.scaStatus };
  }

  @Put(':consentId/authorisations/:authorisationId')
  async updateAuthorisation(
    @Param('bankId') bankId: string,
    @Param('consentId') consentId: string,
    @Param('authorisationId') authorisationId: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    const headers = xs2aHeaders(request);
    const bank = xs2aBank(this.banks, bankId);
    const resource = await this.consents.consent(bank, consentId);
    const { authorisation, psuMessage } = await this.authorisations.update(bank, resource, authorisationId, headers, body);
    return authorisationResponse(bases(request, bankId), resource, authorisation, psuMessage);
  }
}
