import { describe, expect, it } from 'vitest';
import { QR_CODE_MARGIN_MODULES, QR_CODE_SIZE_PX, renderQrCodeSvg } from './qr-code-svg.js';

/** The attributes of the root <svg> element. */
function rootAttributes(svg: string): Record<string, string> {
  const tag = /^<svg\b([^>]*)>/.exec(svg.trim())?.[1];
  if (tag === undefined) throw new Error(`not an SVG document: ${svg.slice(0, 80)}`);
  return Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((match) => [match[1] ?? '', match[2] ?? '']));
}

describe('renderQrCodeSvg', () => {
  it('draws a 240x240 SVG over a square viewBox with a quiet zone', async () => {
    const svg = await renderQrCodeSvg('https://tpp.example.com/pay/8f2a91');
    const attributes = rootAttributes(svg);
    expect(attributes['xmlns']).toBe('http://www.w3.org/2000/svg');
    expect(attributes['width']).toBe(String(QR_CODE_SIZE_PX));
    expect(attributes['height']).toBe(String(QR_CODE_SIZE_PX));
    const viewBox = (attributes['viewBox'] ?? '').split(' ').map(Number);
    expect(viewBox).toHaveLength(4);
    const [x, y, width, height] = viewBox;
    expect([x, y]).toEqual([0, 0]);
    expect(width).toBe(height);
    // Version 1 has 21 modules a side; every version adds 4; plus the margin on both sides.
    const modules = (width ?? 0) - 2 * QR_CODE_MARGIN_MODULES;
    expect(modules).toBeGreaterThanOrEqual(21);
    expect((modules - 21) % 4).toBe(0);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    // Dark modules start inside the quiet zone.
    expect(svg).toContain(`d="M${QR_CODE_MARGIN_MODULES} ${QR_CODE_MARGIN_MODULES + 0.5}`);
  });

  it('gives the same URL the same image and different URLs different images', async () => {
    const a = await renderQrCodeSvg('https://tpp.example.com/pay/1');
    const b = await renderQrCodeSvg('https://tpp.example.com/pay/2');
    expect(await renderQrCodeSvg('https://tpp.example.com/pay/1')).toBe(a);
    expect(b).not.toBe(a);
    expect(rootAttributes(b)['width']).toBe('240');
  });

  it('holds a 2048-character URL at error correction level M (a larger version, still 240x240)', async () => {
    const short = rootAttributes(await renderQrCodeSvg('https://tpp.example.com/'));
    const long = rootAttributes(await renderQrCodeSvg(`https://tpp.example.com/${'a'.repeat(2048 - 24)}`));
    expect(Number(long['viewBox']?.split(' ')[2])).toBeGreaterThan(Number(short['viewBox']?.split(' ')[2]));
    expect([long['width'], long['height']]).toEqual(['240', '240']);
  });
});
