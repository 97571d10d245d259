import QRCode from 'qrcode';

/** Width and height of every QR code image, in pixels (the interface fixes 240x240). */
export const QR_CODE_SIZE_PX = 240;
/** Quiet zone around the code, in modules (4 is what ISO/IEC 18004 asks for). */
export const QR_CODE_MARGIN_MODULES = 4;

/**
 * `data` as a QR code in SVG: error correction level M, a quiet zone, drawn 240x240 px
 * (`width`/`height`) over a viewBox in module units, so it scales without blurring.
 */
export function renderQrCodeSvg(data: string): Promise<string> {
  return QRCode.toString(data, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: QR_CODE_MARGIN_MODULES,
    width: QR_CODE_SIZE_PX,
  });
}
