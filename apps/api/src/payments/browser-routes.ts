import { BANK_CALLBACK_PATH, HOSTED_PAGES_PATH } from '#libs/application';

export { HOSTED_PAGES_PATH };

/** Routes a browser posts HTML forms to (the API itself speaks JSON only). */
export const BROWSER_FORM_PATHS: readonly string[] = [BANK_CALLBACK_PATH, HOSTED_PAGES_PATH];
