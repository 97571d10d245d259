import { ApiHeader } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { GatewayError } from '#libs/common';

/** The longest IP address written out: an IPv6 address with an embedded IPv4 one. */
export const IP_ADDRESS_MAX_LENGTH = 45;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = new RegExp(`^[0-9A-Fa-f:.]{2,${IP_ADDRESS_MAX_LENGTH}}$`);

/** `token-customer-ip-address` as the document states it. */
export const ApiCustomerIpAddressHeader = (description: string): MethodDecorator =>
  ApiHeader({
    name: 'token-customer-ip-address',
    required: false,
    description,
    schema: { type: 'string', maxLength: IP_ADDRESS_MAX_LENGTH },
    example: '203.0.113.7',
  });

/** The user's IP address from `token-customer-ip-address`, if sent; anything but an IP address is a 400. */
export function customerIpAddress(request: FastifyRequest): string | undefined {
  const value = request.headers['token-customer-ip-address'];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' && (IPV4.test(value) || (value.includes(':') && IPV6.test(value)))) return value;
  throw GatewayError.invalidField('token-customer-ip-address', 'token-customer-ip-address must be an IP address.');
}
