import { Body, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { ConsentsService } from './consents.service.js';
import { xs2aBank, type Xs2aBank } from './xs2a-banks.js';
import { Xs2aApiController } from './xs2a-api.decorator.js';
import { AuthorisationEndpoints, sendCreated, type ParentResource } from './xs2a-endpoints.js';
import { xs2aBases, xs2aHeaders } from './xs2a-request.js';

/** Account-information consents and their authorisation sub-resources. */
@Xs2aApiController('consents')
export class BerlinGroupConsentsController {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly consents: ConsentsService,
    private readonly authorisations: AuthorisationEndpoints,
  ) {}

  @Post()
  async create(
    @Param('bankId') bankId: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const headers = xs2aHeaders(request);
    const created = await this.consents.create(xs2aBank(this.banks, bankId), headers, body, xs2aBases(request, bankId));
    await sendCreated(reply, created, headers.requestId);
  }

  @Get(':consentId')
  read(
    @Param('bankId') bankId: string,
    @Param('consentId') consentId: string,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    xs2aHeaders(request);
    return this.consents.read(xs2aBank(this.banks, bankId), consentId);
  }

  @Get(':consentId/status')
  status(
    @Param('bankId') bankId: string,
    @Param('consentId') consentId: string,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    xs2aHeaders(request);
    return this.consents.status(xs2aBank(this.banks, bankId), consentId);
  }

  @Delete(':consentId')
  @HttpCode(204)
  async terminate(
    @Param('bankId') bankId: string,
    @Param('consentId') consentId: string,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    xs2aHeaders(request);
    await this.consents.terminate(xs2aBank(this.banks, bankId), consentId);
  }

  @Post(':consentId/authorisations')
  @HttpCode(201)
  startAuthorisation(
    @Param('bankId') bankId: string,
    @Param('consentId') consentId: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.authorisations.start(request, bankId, this.consent(consentId), body);
  }

  @Get(':consentId/authorisations')
  listAuthorisations(
    @Param('bankId') bankId: string,
    @Param('consentId') consentId: string,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.authorisations.list(request, bankId, this.consent(consentId));
  }

  @Get(':consentId/authorisations/:authorisationId')
  readAuthorisation(
    @Param('bankId') bankId: string,
    @Param('consentId') consentId: string,
    @Param('authorisationId') authorisationId: string,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    // The consent is read again: reading the authorisation may have settled a decoupled answer, which names the user.
    return this.authorisations.read(request, bankId, this.consent(consentId), authorisationId, async (bank) =>
      assertUserApiAvailable((await this.consents.consent(bank, consentId)).username),
    );
  }

  @Put(':consentId/authorisations/:authorisationId')
  updateAuthorisation(
    @Param('bankId') bankId: string,
    @Param('consentId') consentId: string,
    @Param('authorisationId') authorisationId: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.authorisations.update(request, bankId, this.consent(consentId), authorisationId, body);
  }

  private consent(consentId: string): ParentResource {
    return (bank: Xs2aBank) => this.consents.consent(bank, consentId);
  }
}
