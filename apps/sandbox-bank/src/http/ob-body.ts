import { ObieError } from './obie-error.js';

/** A JSON object of a request body. */
export type Json = Record<string, unknown>;

const AMOUNT = /^\d{1,13}$|^\d{1,13}\.\d{1,5}$/;
const CURRENCY = /^[A-Z]{3}$/;

function missing(path: string): ObieError {
  return ObieError.badRequest('UK.OBIE.Field.Missing', `${path} is required.`, path);
}

function invalid(path: string, problem: string): ObieError {
  return ObieError.badRequest('UK.OBIE.Field.Invalid', `${path} ${problem}.`, path);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request body as an object with a `Data` object (and a `Risk` object when asked). */
export function requestBody(body: unknown, withRisk: boolean): { body: Json; data: Json } {
  if (!isObject(body)) throw invalid('body', 'must be a JSON object');
  const data = objectAt(body, 'Data', 'Data');
  if (withRisk) objectAt(body, 'Risk', 'Risk');
  return { body, data };
}

export function objectAt(parent: Json, key: string, path: string): Json {
  const value = parent[key];
  if (value === undefined || value === null) throw missing(path);
  if (!isObject(value)) throw invalid(path, 'must be an object');
  return value;
}

export function optionalObjectAt(parent: Json, key: string, path: string): Json | undefined {
  return parent[key] === undefined ? undefined : objectAt(parent, key, path);
}

export function textAt(parent: Json, key: string, path: string, maxLength: number): string {
  const value = parent[key];
  if (value === undefined || value === null || value === '') throw missing(path);
  if (typeof value !== 'string') throw invalid(path, 'must be a string');
  if (value.length > maxLength) throw invalid(path, `must be at most ${maxLength} characters`);
  return value;
}

export function optionalTextAt(parent: Json, key: string, path: string, maxLength: number): string | undefined {
  return parent[key] === undefined ? undefined : textAt(parent, key, path, maxLength);
}

export function dateTimeAt(parent: Json, key: string, path: string): Date {
  const text = textAt(parent, key, path, 64);
  const date = new Date(text);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(text))
    throw ObieError.badRequest('UK.OBIE.Field.InvalidDate', `${path} must be an ISO 8601 date-time.`, path);
  return date;
}

export function optionalDateTimeAt(parent: Json, key: string, path: string): Date | undefined {
  return parent[key] === undefined ? undefined : dateTimeAt(parent, key, path);
}

/** OBActiveOrHistoricCurrencyAndAmount: a positive decimal string and an ISO 4217 code. */
export function amountAt(parent: Json, key: string, path: string): { Amount: string; Currency: string } {
  const amount = objectAt(parent, key, path);
  const value = textAt(amount, 'Amount', `${path}.Amount`, 19);
  if (!AMOUNT.test(value) || Number(value) <= 0) throw invalid(`${path}.Amount`, 'must be a positive decimal amount');
  const currency = textAt(amount, 'Currency', `${path}.Currency`, 3);
  if (!CURRENCY.test(currency)) throw invalid(`${path}.Currency`, 'must be an ISO 4217 code');
  return { Amount: value, Currency: currency };
}

/** OBCashAccount (creditor or debtor): SchemeName and Identification, Name when asked. */
export function accountAt(parent: Json, key: string, path: string, nameRequired: boolean): Json {
  const account = objectAt(parent, key, path);
  textAt(account, 'SchemeName', `${path}.SchemeName`, 40);
  textAt(account, 'Identification', `${path}.Identification`, 256);
  if (nameRequired) textAt(account, 'Name', `${path}.Name`, 350);
  else optionalTextAt(account, 'Name', `${path}.Name`, 350);
  return account;
}

/** The same JSON (key order aside): a payment must repeat its consent's Initiation exactly. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameJson(item, b[index]))
    );
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => sameJson(a[k], b[k]));
  }
  return a === b;
}
