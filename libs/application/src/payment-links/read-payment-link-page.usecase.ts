import { Injectable } from '@nestjs/common';
import { MemberRepository, PaymentLinkRepository, type PaymentLink } from '#libs/db';

export interface ReadPaymentLinkPageCommand {
  /** The unguessable token of the link's public page: its only credential. */
  readonly token: string;
}

/** What a payment link's public page shows: the link and the name of the merchant it is for. */
export interface PaymentLinkPage {
  readonly link: PaymentLink;
  readonly merchant: string | undefined;
}

/** A payment link's public page, by its token; null for a token that names no link. */
@Injectable()
export class ReadPaymentLinkPageUseCase {
  constructor(
    private readonly links: PaymentLinkRepository,
    private readonly members: MemberRepository,
  ) {}

  async execute(command: ReadPaymentLinkPageCommand): Promise<PaymentLinkPage | null> {
    const link = await this.links.findByPageToken(command.token);
    if (link === null) return null;
    return { link, merchant: await this.members.displayNameOfOwner(link.memberId) };
  }
}
