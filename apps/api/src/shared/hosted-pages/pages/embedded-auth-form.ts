import type { EmbeddedAuthField, EmbeddedAuthStep } from '#libs/application';
import { NO_HTML, html, type SafeHtml } from '#libs/common';

function hint(field: EmbeddedAuthField, id: string): SafeHtml {
  return field.additionalInformation === undefined
    ? NO_HTML
    : html`<p class="hint" id="${id}-hint">${field.additionalInformation}</p>`;
}

function input(field: EmbeddedAuthField, index: number): SafeHtml {
  const id = `field-${index}`;
  if (field.type === 'CHOICE_FIELD') {
    const options = (field.options ?? []).map(
      (option, n) =>
        html`<div><input type="radio" id="${id}-${n}" name="${field.id}" value="${option.id}" required><label for="${id}-${n}">${option.label}</label></div>`,
    );
    return html`<fieldset><legend>${field.displayName}</legend>${hint(field, id)}${options}</fieldset>`;
  }
  const type = field.type === 'PASSWORD' ? 'password' : 'text';
  return html`<label for="${id}">${field.displayName}</label>${hint(field, id)}<input type="${type}" id="${id}" name="${field.id}" autocomplete="off" required>`;
}

/** A challenge picture the bank sent as Base64, as an inline image; nothing when it is not plain Base64. */
function challengeImage(step: EmbeddedAuthStep): string | undefined {
  return step.image !== undefined && /^[A-Za-z0-9+/]+={0,2}$/.test(step.image)
    ? `data:image/png;base64,${step.image}`
    : undefined;
}

/** Whether the page shows an inline image (its policy then allows data: images). */
export function embeddedPageHasImage(step: EmbeddedAuthStep): boolean {
  return challengeImage(step) !== undefined;
}

function challenge(step: EmbeddedAuthStep): SafeHtml {
  const source = challengeImage(step);
  const image = source === undefined ? NO_HTML : html`<p><img alt="Challenge from your bank" src="${source}"></p>`;
  const flicker =
    step.flickerCode === undefined
      ? NO_HTML
      : html`<p>Code for your TAN generator: <code>${step.flickerCode}</code></p>`;
  return html`${image}${flicker}`;
}

/**
 * The bank's embedded step as a form posting to `action`: the bank's retry notice, `error`, its
 * message and challenge, then a text input per FIELD, a password input per PASSWORD, a radio
 * group per CHOICE_FIELD (the option ids as values).
 */
export function embeddedAuthForm(step: EmbeddedAuthStep, action: string, error?: string): SafeHtml {
  const retry = step.isRetry
    ? html`<p class="error" role="alert">Your bank did not accept what you entered. Please try again.</p>`
    : NO_HTML;
  const problem = error === undefined ? NO_HTML : html`<p class="error" role="alert">${error}</p>`;
  const description = step.description === undefined ? NO_HTML : html`<p>${step.description}</p>`;
  return html`${retry}${problem}${description}${challenge(step)}
<form method="post" action="${action}">
${step.fields.map(input)}
<div class="actions"><button type="submit">Continue</button></div>
</form>`;
}
