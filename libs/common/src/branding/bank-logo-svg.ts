import { createHash } from 'node:crypto';
import { escapeHtml } from '../http/safe-html.js';

/** What a drawn bank logo is made of: the bank's id (its colour) and name (its initials, the full logo's text). */
export interface BankBrand {
  readonly id: string;
  readonly name: string;
}

/** `mark`: the square with the initials; `full`: the square followed by the bank's name. */
export type BankLogoVariant = 'mark' | 'full';

/** Words a name's initials skip: they say nothing about which bank it is. */
const SKIPPED_WORDS = new Set(['sandbox', 'the']);

/** Deep, readable colours that carry white text; a bank's id picks one. */
const PALETTE = [
  '#1f3a68',
  '#5b3f8c',
  '#1e6b52',
  '#1d4fa0',
  '#0f6e7a',
  '#a32630',
  '#b4540f',
  '#3f4aa8',
  '#7a2e5c',
  '#8a6500',
  '#2f5d3a',
  '#4b5563',
  '#0b5c8f',
  '#8f2d1b',
];

/** The bank's colour: the same id always gets the same one. */
export function bankColour(id: string): string {
  const digest = createHash('sha256').update(id).digest();
  return PALETTE[digest.readUInt32BE(0) % PALETTE.length];
}

/** Up to two initials, upper case: of the name's first two telling words, or its first two letters. */
export function bankInitials(name: string): string {
  const words = name
    .replace(/\([^)]*\)/g, ' ')
    .split(/[\s-]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word !== '' && !SKIPPED_WORDS.has(word.toLowerCase()));
  const letters =
    words.length >= 2 ? `${[...words[0]][0]}${[...words[1]][0]}` : [...(words[0] ?? name)].slice(0, 2).join('');
  return letters.toUpperCase();
}

const FONT = 'font-family="system-ui, -apple-system, \'Segoe UI\', Roboto, Arial, sans-serif"';

function mark(brand: BankBrand): string {
  return (
    `<rect width="64" height="64" rx="14" fill="${bankColour(brand.id)}"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" ${FONT} font-size="26" font-weight="700" fill="#ffffff">${escapeHtml(bankInitials(brand.name))}</text>`
  );
}

/**
 * A bank logo drawn from its id and name: a rounded square in the bank's colour with its
 * initials, and for `full` the name beside it. Plain SVG: no scripts, no external references.
 */
export function bankLogoSvg(brand: BankBrand, variant: BankLogoVariant): string {
  const title = `<title>${escapeHtml(brand.name)}</title>`;
  if (variant === 'mark') {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img">${title}${mark(brand)}</svg>\n`;
  }
  // Wide enough for the name at 20px (about .6em a character) without measuring fonts.
  const width = 80 + Math.ceil([...brand.name].length * 12) + 8;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="64" viewBox="0 0 ${width} 64" role="img">${title}${mark(brand)}` +
    `<text x="80" y="32" dy=".35em" ${FONT} font-size="20" font-weight="600" fill="#1d2733">${escapeHtml(brand.name)}</text></svg>\n`
  );
}
