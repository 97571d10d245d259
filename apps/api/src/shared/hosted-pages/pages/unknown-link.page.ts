import { renderMessagePage } from './message.page.js';

/** 404: a link whose token names nothing this service knows (every domain's hosted pages answer it). */
export function renderUnknownLinkPage(traceId: string): string {
  return renderMessagePage({
    title: 'This payment link is not recognised',
    paragraphs: [
      'The link does not belong to a payment this service knows. Return to the shop and start the payment again.',
    ],
    reference: traceId,
  });
}
