import { ApiProperty } from '@nestjs/swagger';
import { SERVICE_STATUSES, type ServiceStatusName } from '#libs/application';

export class BanksStatusEntry {
  @ApiProperty({ example: 'ob-sandbox-gb' })
  bankId!: string;

  @ApiProperty({ enum: SERVICE_STATUSES, description: 'Account information service status.' })
  aisStatus!: ServiceStatusName;

  @ApiProperty({ enum: SERVICE_STATUSES, description: 'Payment initiation service status.' })
  pisStatus!: ServiceStatusName;

  @ApiProperty({
    description: 'Milliseconds since the last status change, as a string; "0" for a bank never probed yet.',
    example: '8000',
  })
  lastUpdatedAt!: string;
}

export class GetBanksStatusResponse {
  @ApiProperty({ type: [BanksStatusEntry] })
  banksStatus!: BanksStatusEntry[];
}

export class BankStatusEntry {
  @ApiProperty({ example: 'Sandbox Bank GB' })
  bankName!: string;

  @ApiProperty({ enum: SERVICE_STATUSES })
  aisStatus!: ServiceStatusName;

  @ApiProperty({ enum: SERVICE_STATUSES })
  pisStatus!: ServiceStatusName;

  @ApiProperty({
    description: 'Milliseconds since the last status change, as a string; "0" for a bank never probed yet.',
  })
  lastUpdatedAt!: string;
}

export class GetBankStatusResponse {
  @ApiProperty({ type: BankStatusEntry })
  bankStatus!: BankStatusEntry;
}
