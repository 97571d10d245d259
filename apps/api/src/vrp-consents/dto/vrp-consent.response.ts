import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { VRP_CONSENT_STATUSES } from '#libs/domain';
import { VrpConsentInitiationDto } from './create-vrp-consent.request.js';

/** Where the user authorises the consent at the bank. */
@ApiSchema({ name: 'VrpConsentAuthentication' })
export class VrpConsentAuthenticationResponse {
  @ApiProperty() redirectUrl!: string;
}

/** The reference's VrpConsent, as the VRP consent routes answer it. */
@ApiSchema({ name: 'VrpConsent' })
export class VrpConsentResponse {
  @ApiProperty({ example: 'vc:4QExXrhKTxfShBdcTeqFabqJ' }) id!: string;
  @ApiProperty() memberId!: string;
  @ApiProperty({
    type: () => VrpConsentInitiationDto,
    description: 'The initiation as accepted, with startDateTime (the creation time when it was absent).',
  })
  initiation!: VrpConsentInitiationDto;
  @ApiProperty({ format: 'date-time' }) createdDateTime!: string;
  @ApiProperty({ format: 'date-time' }) updatedDateTime!: string;
  @ApiProperty({ enum: VRP_CONSENT_STATUSES }) status!: string;
  @ApiPropertyOptional() bankVrpConsentId?: string;
  @ApiPropertyOptional() bankVrpConsentStatus?: string;
  @ApiPropertyOptional() statusReasonInformation?: string;
  @ApiPropertyOptional({ type: () => VrpConsentAuthenticationResponse })
  authentication?: VrpConsentAuthenticationResponse;
}
