import { html, type SafeHtml } from '#libs/common';
import { renderPage } from '../page-layout.js';

export interface MessagePage {
  readonly title: string;
  /** Each a paragraph of plain text. */
  readonly paragraphs: readonly string[];
  /** Links and other ready-made fragments, after the text. */
  readonly extra?: readonly SafeHtml[];
  /** The request's trace id, shown as a reference for support. */
  readonly reference?: string;
}

/** A page that only tells the user something: unknown link, expired, already chosen, failed. */
export function renderMessagePage(page: MessagePage): string {
  const paragraphs = page.paragraphs.map((text) => html`<p>${text}</p>`);
  const reference = page.reference === undefined ? html`` : html`<p class="hint">Reference: ${page.reference}</p>`;
  return renderPage(page.title, html`${paragraphs}${page.extra ?? []}${reference}`);
}
