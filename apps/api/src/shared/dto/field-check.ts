import { registerDecorator, type ValidationArguments } from 'class-validator';

/**
 * Every request DTO class of the payments API says where its instances sit in a request with a
 * static `fieldPath` (`initiation.creditor`; '' at the top). Messages then name the whole dotted
 * path (`initiation.creditor.iban has an invalid check digit`), which is also what the
 * validation pipe reports in `paths`. A class is used at one place only; a nested type used in
 * two places gets a subclass per place.
 */
export interface LocatedDto {
  readonly fieldPath?: string;
}

const PLACED_AT = Symbol('placedAt');

/**
 * Places one DTO instance at `path`, for a class whose instances sit at several places (the
 * entries of an array: `...transferDestinations.0`); it wins over the class's `fieldPath`.
 */
export function placeDto(object: object, path: string): void {
  Object.defineProperty(object, PLACED_AT, { value: path, enumerable: false, configurable: true });
}

export function pathOf(args: Pick<ValidationArguments, 'object' | 'property'>): string {
  const prefix =
    (args.object as { readonly [PLACED_AT]?: string })[PLACED_AT] ??
    (args.object.constructor as LocatedDto).fieldPath ??
    '';
  return prefix === '' ? args.property : `${prefix}.${args.property}`;
}

/** A problem of the field's value as a phrase after its name, or undefined when it is fine. */
export type ValueCheck = (value: unknown, args: ValidationArguments) => string | undefined;

/**
 * One custom constraint per property: it runs for missing values too (so "is required" and the
 * rules that depend on other fields are the check's to decide) and its message is
 * `<dotted path> <phrase>`.
 */
export function FieldCheck(check: ValueCheck): PropertyDecorator {
  return (target: object, propertyKey: string | symbol) => {
    registerDecorator({
      name: 'fieldCheck',
      target: target.constructor,
      propertyName: String(propertyKey),
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          args === undefined || check(value, args) === undefined,
        defaultMessage: (args?: ValidationArguments) =>
          args === undefined ? 'is invalid' : `${pathOf(args)} ${check(args.value, args) ?? 'is invalid'}`,
      },
    });
  };
}

/** null counts as absent for optional fields (clients often send null for "not given"). */
export function isAbsent(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}
