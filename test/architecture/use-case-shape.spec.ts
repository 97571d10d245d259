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

/**
 * A use case class: a class of libs/application named `...UseCase`, `...UseCases` or `...Queries`,
 * or any class declared in a `*.usecase.ts` or `*.usecases.ts` file. Its one public method is
 * `execute`; what else it does is private (or protected). Helpers that are not use cases (a
 * progression, a vault, a plug) are neither named nor filed so.
 */
function isUseCaseClass(fileName: string, name: string): boolean {
  return /\.usecases?\.ts$/.test(fileName) || /(UseCases?|Queries)$/.test(name);
}

function isPublic(member: ts.ClassElement): boolean {
  if (member.name !== undefined && ts.isPrivateIdentifier(member.name)) return false;
  const modifiers = ts.canHaveModifiers(member) ? (ts.getModifiers(member) ?? []) : [];
  return !modifiers.some(
    (modifier) =>
      modifier.kind === ts.SyntaxKind.PrivateKeyword ||
      modifier.kind === ts.SyntaxKind.ProtectedKeyword ||
      modifier.kind === ts.SyntaxKind.StaticKeyword,
  );
}

/** `execute`, and the timer a periodic job's use case seeds at the worker's start (docs/architecture.md). */
const ALSO_PUBLIC = new Set(['execute', 'ensureScheduled']);

/** The public methods of `source`'s use case classes other than `execute`, each as "Class.method". */
function otherPublicMethods(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const name = ts.isClassDeclaration(node) ? node.name?.getText(file) : undefined;
    if (ts.isClassDeclaration(node) && name !== undefined && isUseCaseClass(fileName, name))
      for (const member of node.members) {
        const isMethod =
          ts.isMethodDeclaration(member) ||
          (ts.isPropertyDeclaration(member) &&
            member.initializer !== undefined &&
            (ts.isArrowFunction(member.initializer) || ts.isFunctionExpression(member.initializer)));
        if (!isMethod || !isPublic(member)) continue;
        const method = member.name.getText(file);
        if (!ALSO_PUBLIC.has(method)) found.push(`${name}.${method}`);
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

  it('a use case answers to execute only: no other public method', () => {
    const others = sources(APPLICATION).flatMap((path) =>
      otherPublicMethods(path, readFileSync(path, 'utf8')).map((method) => `${relative(ROOT, path)}: ${method}`),
    );
    expect(others).toEqual([]);
  });

  it('finds the other public methods of use case classes, and leaves other classes alone (the check can fail)', () => {
    const source = `
      export class RefundQueries {
        constructor(private readonly refunds: RefundRepository) {}
        async get(memberId: MemberId, id: string): Promise<Refund> { return this.read(memberId, id); }
        list = async (memberId: MemberId): Promise<Refund[]> => [];
        private read(memberId: MemberId, id: string): Promise<Refund> { return find(memberId, id); }
      }
      export class GetThingUseCase {
        execute(command: GetThingCommand): Promise<Thing> { return this.load(command); }
        protected load(command: GetThingCommand): Promise<Thing> { return find(command); }
        static of(): GetThingUseCase { return new GetThingUseCase(); }
        #secret(): void {}
        assertOpen(thing: Thing): void {}
      }
      export class PaymentProgression { moveTo(status: string): void {} }
    `;
    expect(otherPublicMethods('things.ts', source)).toEqual([
      'RefundQueries.get',
      'RefundQueries.list',
      'GetThingUseCase.assertOpen',
    ]);
    expect(otherPublicMethods('move-thing.usecase.ts', source)).toEqual([
      'RefundQueries.get',
      'RefundQueries.list',
      'GetThingUseCase.assertOpen',
      'PaymentProgression.moveTo',
    ]);
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
