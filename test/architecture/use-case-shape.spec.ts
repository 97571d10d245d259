import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const APPLICATION = join(ROOT, 'libs/application/src');

/** Every TypeScript source under `dir` (specs left out). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/**
 * The `execute` methods of `source`'s classes that do not have the use case's shape: one
 * parameter, typed by a named `...Command` type (the member in it when it acts for one), or none.
 * Each as "Class.execute(parameters)".
 */
function misshapenExecutes(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node))
      for (const member of node.members) {
        if (!ts.isMethodDeclaration(member) || member.name.getText(file) !== 'execute') continue;
        const [first, ...rest] = member.parameters;
        const type = first?.type;
        const shaped =
          first === undefined ||
          (rest.length === 0 &&
            type !== undefined &&
            ts.isTypeReferenceNode(type) &&
            /^[A-Z][A-Za-z]*Command$/.test(type.typeName.getText(file)));
        if (!shaped) {
          const parameters = member.parameters.map((parameter) => parameter.getText(file).replace(/\s+/g, ' '));
          found.push(`${node.name?.getText(file) ?? '(class)'}.execute(${parameters.join(', ')})`);
        }
      }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('use case shape: execute(command)', () => {
  it('every execute in libs/application takes one named command (or nothing)', () => {
    const misshapen = sources(APPLICATION).flatMap((path) =>
      misshapenExecutes(path, readFileSync(path, 'utf8')).map((method) => `${relative(ROOT, path)}: ${method}`),
    );
    expect(misshapen).toEqual([]);
  });

  it('finds positional arguments, inline and unnamed command types (the check can fail)', () => {
    const source = `
      @Injectable()
      export class GetThingUseCase {
        async execute(memberId: MemberId, thingId: string): Promise<Thing> { return read(memberId, thingId); }
      }
      export class ExpireThingUseCase { execute(thingId: string): Promise<string> { return expire(thingId); } }
      export class MakeThingUseCase { execute(command: { readonly memberId: MemberId }): void {} }
      export class ListThingsUseCase { execute({ memberId, limit }: ListThingsCommand): void {} }
      export class RotateThingUseCase { execute(): void {} }
    `;
    expect(misshapenExecutes('things.ts', source)).toEqual([
      'GetThingUseCase.execute(memberId: MemberId, thingId: string)',
      'ExpireThingUseCase.execute(thingId: string)',
      'MakeThingUseCase.execute(command: { readonly memberId: MemberId })',
    ]);
  });
});
