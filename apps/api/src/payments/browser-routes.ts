import { BANK_CALLBACK_PATH } from '#libs/payments';

/** The hosted pages' root (bank selection and the steps a user takes there). */
export const HOSTED_PAGES_PATH = '/hosted-pages';

/** Routes a browser posts HTML forms to (the API itself speaks JSON only). */
export const BROWSER_FORM_PATHS: readonly string[] = [BANK_CALLBACK_PATH, HOSTED_PAGES_PATH];
