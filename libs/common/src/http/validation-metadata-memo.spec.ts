import 'reflect-metadata';
import { IsInt, IsOptional, IsString, MaxLength, ValidateNested, getMetadataStorage, validate } from 'class-validator';
import { Type, plainToInstance } from 'class-transformer';
import { describe, expect, it } from 'vitest';
import { memoiseValidationMetadata } from './validation-metadata-memo.js';

class Inner {
  @IsString()
  @MaxLength(3)
  code!: string;
}

class Parent {
  @IsInt()
  count!: number;
}

class Child extends Parent {
  @IsOptional()
  @ValidateNested()
  @Type(() => Inner)
  inner?: Inner;

  @IsString({ groups: ['admin'] })
  note?: string;
}

interface ValidationMetadata {
  readonly propertyName: string;
  readonly type: string;
  readonly name?: string;
}
type Lookup = (
  target: object,
  schema: string | undefined,
  always: boolean,
  strictGroups: boolean,
  groups?: string[],
) => ValidationMetadata[];
const storage = getMetadataStorage() as unknown as {
  getTargetValidationMetadatas: Lookup;
  groupByPropertyName: (m: ValidationMetadata[]) => Record<string, ValidationMetadata[]>;
};
const describeRules = (rules: readonly ValidationMetadata[]): string[] =>
  rules.map((rule) => `${rule.propertyName}:${rule.type}:${rule.name ?? ''}`).sort();

describe('memoiseValidationMetadata', () => {
  const before = describeRules(storage.getTargetValidationMetadatas(Child, undefined, false, false));
  const beforeAdmin = describeRules(storage.getTargetValidationMetadatas(Child, undefined, false, false, ['admin']));
  memoiseValidationMetadata();
  memoiseValidationMetadata();

  it('answers the rules class-validator found before, inherited ones included, the same array each time', () => {
    const first = storage.getTargetValidationMetadatas(Child, undefined, false, false);
    expect(describeRules(first)).toEqual(before);
    expect(describeRules(first)).toContain('count:customValidation:isInt');
    expect(storage.getTargetValidationMetadatas(Child, undefined, false, false)).toBe(first);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
    expect(Object.keys(storage.groupByPropertyName(first)).sort()).toEqual(['count', 'inner', 'note']);
  });

  it('looks up validation groups afresh', () => {
    const admin = storage.getTargetValidationMetadatas(Child, undefined, false, false, ['admin']);
    expect(describeRules(admin)).toEqual(beforeAdmin);
    expect(storage.getTargetValidationMetadatas(Child, undefined, false, false, ['admin'])).not.toBe(admin);
  });

  it('sees a rule added later (a class whose module loads after the first validation)', async () => {
    const rules = storage.getTargetValidationMetadatas(Inner, undefined, false, false);
    class Later {
      @IsString()
      name!: string;
    }
    const later = storage.getTargetValidationMetadatas(Later, undefined, false, false);
    expect(describeRules(later)).toEqual(['name:customValidation:isString']);
    expect(storage.getTargetValidationMetadatas(Inner, undefined, false, false)).not.toBe(rules);
    const errors = await validate(plainToInstance(Later, { name: 7 }));
    expect(errors.map((error) => error.property)).toEqual(['name']);
  });

  it('validates as before: nested, inherited and unknown properties', async () => {
    const valid = await validate(plainToInstance(Child, { count: 2, inner: { code: 'GBP' }, note: 'n' }), {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
    });
    expect(valid).toEqual([]);
    const invalid = await validate(
      plainToInstance(Child, { count: 'two', inner: { code: 'POUNDS' }, note: 'n', extra: 1 }),
      { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true },
    );
    expect(invalid.map((error) => error.property).sort()).toEqual(['count', 'extra', 'inner']);
    expect(invalid.find((error) => error.property === 'inner')?.children?.[0]?.constraints).toEqual({
      maxLength: 'code must be shorter than or equal to 3 characters',
    });
  });
});
