import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ValidateBy, isURL } from 'class-validator';
import { QR_CODE_SIZE_PX, renderQrCodeSvg } from './qr-code-svg.js';
import { QR_CODE_ANSWER_EXAMPLE } from './payment-examples.js';

export const QR_DATA_MAX_LENGTH = 2048;

/** Why `data` is not acceptable, or undefined when it is: one message, naming the parameter. */
function dataProblem(value: unknown): string | undefined {
  if (value === undefined || value === '') return 'data is required: the URL to encode';
  if (typeof value !== 'string') return 'data must be given once, as text';
  if (value.length > QR_DATA_MAX_LENGTH)
    return `data must be at most ${QR_DATA_MAX_LENGTH} characters (got ${value.length})`;
  // RFC 3986 URLs are ASCII (anything else percent-encoded), which also keeps 2048 characters
  // within what one QR code at level M holds.
  const absoluteHttpUrl =
    /^[\x21-\x7E]+$/.test(value) &&
    isURL(value, {
      protocols: ['http', 'https'],
      require_protocol: true,
      require_valid_protocol: true,
      require_tld: false,
      allow_underscores: true,
    });
  return absoluteHttpUrl
    ? undefined
    : 'data must be an absolute http or https URL (ASCII; percent-encode anything else)';
}

export class QrCodeQuery {
  @ApiProperty({
    description: `The URL to encode: absolute, http or https, at most ${QR_DATA_MAX_LENGTH} characters, URL-encoded in the query string.`,
    example: 'https://tpp.example.com/pay/8f2a91',
    maxLength: QR_DATA_MAX_LENGTH,
    format: 'uri',
  })
  @ValidateBy({
    name: 'qrCodeData',
    validator: {
      validate: (value: unknown) => dataProblem(value) === undefined,
      defaultMessage: (args) => dataProblem(args?.value) ?? 'data is invalid',
    },
  })
  data!: string;
}

@ApiTags('Payments v2')
@Controller('qr-code')
export class QrCodeController {
  @Get()
  @Header('content-type', 'image/svg+xml')
  @ApiOperation({
    summary: 'Generate a QR code',
    operationId: 'GetQrCode',
    description: `An SVG image of exactly ${QR_CODE_SIZE_PX}x${QR_CODE_SIZE_PX} pixels encoding \`data\` (error correction level M, with a quiet zone), for a payer to scan, e.g. a Pay by Link URL. A missing, repeated, too long or non-http(s) \`data\` answers 400 naming \`data\`.`,
  })
  @ApiProduces('image/svg+xml')
  @ApiOkResponse({
    description: `The QR code: \`<svg width="${QR_CODE_SIZE_PX}" height="${QR_CODE_SIZE_PX}" viewBox="...">\`.`,
    content: { 'image/svg+xml': { schema: { type: 'string' }, example: QR_CODE_ANSWER_EXAMPLE } },
  })
  @ApiBadRequestResponse({
    description:
      '`data` is missing, repeated, longer than 2048 characters or not an absolute http(s) URL; `paths` is `["data"]`.',
  })
  get(@Query() query: QrCodeQuery): Promise<string> {
    return renderQrCodeSvg(query.data);
  }
}
