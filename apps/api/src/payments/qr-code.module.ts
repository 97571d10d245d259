import { Module } from '@nestjs/common';
import { QrCodeController } from './qr-code.controller.js';

/** GET /qr-code: a URL as a 240x240 SVG QR code. */
@Module({ controllers: [QrCodeController] })
export class QrCodeModule {}
