import { Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Call, type ObieCall } from './obie-call.js';
import { Write, type ObieWrite } from './obie-write.js';

/** What stands behind an Open Banking consent resource that its client can create, read and delete. */
export interface ObieConsentResource {
  create(call: ObieCall, key: string | undefined, body: unknown): Promise<object>;
  read(call: ObieCall, consentId: string): Promise<object>;
  delete(call: ObieCall, consentId: string): Promise<void>;
}

/**
 * The routes of a consent resource under `{path}`: create, read by id, delete by id. A controller
 * extends the class made for its path, sets `consents`, and adds its other routes.
 */
export function ObieConsentRoutes(path: string) {
  abstract class ConsentRoutes {
    abstract readonly consents: ObieConsentResource;

    @Post(path)
    @HttpCode(201)
    createConsent(@Call() call: ObieCall, @Write() write: ObieWrite): Promise<object> {
      return this.consents.create(call, write.key, write.body);
    }

    @Get(`${path}/:consentId`)
    readConsent(@Call() call: ObieCall, @Param('consentId') consentId: string): Promise<object> {
      return this.consents.read(call, consentId);
    }

    @Delete(`${path}/:consentId`)
    @HttpCode(204)
    async deleteConsent(@Call() call: ObieCall, @Param('consentId') consentId: string): Promise<void> {
      await this.consents.delete(call, consentId);
    }
  }
  return ConsentRoutes;
}
