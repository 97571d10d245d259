import { describe, expect, it } from 'vitest';
import { checkPayee } from './payee-verification.js';

describe('checkPayee', () => {
  const holder = 'Acme Trading Ltd';

  it.each([
    ['Acme Trading Ltd', holder, { result: 'MTCH' }],
    ['acme trading ltd.', holder, { result: 'CMTC', matchedName: holder }],
    ['Acme  Trading, Ltd', holder, { result: 'CMTC', matchedName: holder }],
    ['A Trading Ltd', holder, { result: 'CMTC', matchedName: holder }],
    ['Other Company', holder, { result: 'NMTC' }],
    ['sandbox-vop-unavailable', holder, { result: 'NOAP' }],
    ['Acme Trading Ltd', null, { result: 'NMTC', accountFound: false }],
    ['Jane Doe', undefined, { result: 'MTCH' }],
    ['J Doe', undefined, { result: 'CMTC', matchedName: 'Jane Doe' }],
    ['John Smith', undefined, { result: 'NMTC' }],
    ['Sandbox-VOP-Unavailable Ltd', undefined, { result: 'NOAP' }],
  ])('%s against %s', (given, account, expected) => {
    expect(checkPayee(given, account)).toEqual(expected);
  });

  it('does not call a one-word name a close match of its own initial', () => {
    expect(checkPayee('A', 'Acme')).toEqual({ result: 'NMTC' });
  });
});
