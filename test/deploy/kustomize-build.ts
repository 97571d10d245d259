import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/**
 * `kustomize build` for what this project's kustomizations use, so the rendered manifests can be
 * checked where no kubectl is installed: resources (files and nested kustomization folders),
 * namespace, labels, images and patches (JSON 6902 operations, and strategic-merge patches whose
 * lists of named items merge by name). A field it does not know fails the build, so a
 * kustomization cannot outgrow it unnoticed.
 */

export type K8sObject = Record<string, unknown> & {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: Record<string, unknown> & { readonly name: string };
};
type Obj = Record<string, unknown>;

const KNOWN_FIELDS = new Set(['apiVersion', 'kind', 'namespace', 'labels', 'resources', 'images', 'patches']);
/** Kinds without a namespace among those a gateway deployment may hold. */
const CLUSTER_KINDS = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PriorityClass',
  'StorageClass',
  'PersistentVolume',
]);

const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const obj = (value: unknown): Obj => (isObj(value) ? value : {});
const textOf = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

function asObject(value: unknown, what: string): Obj {
  if (!isObj(value)) throw new Error(`${what} is not a mapping`);
  return value;
}

/** Renders the kustomization in `dir` into its objects, in resource order. */
export function kustomizeBuild(dir: string): K8sObject[] {
  const kustomization = asObject(parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')), 'kustomization.yaml');
  for (const key of Object.keys(kustomization)) {
    if (!KNOWN_FIELDS.has(key)) throw new Error(`kustomization field "${key}" is not supported by this build`);
  }
  let objects: K8sObject[] = [];
  for (const resource of (kustomization['resources'] ?? []) as string[]) {
    const path = join(dir, resource);
    objects.push(
      ...(resource.endsWith('.yaml') || resource.endsWith('.yml') ? readObjects(path) : kustomizeBuild(path)),
    );
  }
  for (const patch of (kustomization['patches'] ?? []) as Obj[]) objects = applyPatch(objects, patch, dir);
  const namespace = kustomization['namespace'];
  if (typeof namespace === 'string') {
    for (const object of objects) if (!CLUSTER_KINDS.has(object.kind)) object.metadata['namespace'] = namespace;
  }
  for (const entry of (kustomization['labels'] ?? []) as Obj[]) applyLabels(objects, entry);
  for (const image of (kustomization['images'] ?? []) as Obj[]) applyImage(objects, image);
  return objects;
}

function readObjects(path: string): K8sObject[] {
  return parseAllDocuments(readFileSync(path, 'utf8'))
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${path}: ${doc.errors[0]?.message ?? 'parse error'}`);
      return doc.toJS() as unknown;
    })
    .filter((value): value is K8sObject => isObj(value))
    .map((object) => {
      if (typeof object.kind !== 'string' || typeof object.apiVersion !== 'string' || !isObj(object.metadata))
        throw new Error(`${path}: an object without apiVersion, kind or metadata`);
      return object;
    });
}

/** The pod templates of a workload (Deployment, StatefulSet, DaemonSet, Job, CronJob). */
export function podSpecsOf(object: K8sObject): Obj[] {
  const spec = isObj(object['spec']) ? object['spec'] : {};
  if (object.kind === 'CronJob') {
    const job = isObj(spec['jobTemplate']) && isObj(spec['jobTemplate']['spec']) ? spec['jobTemplate']['spec'] : {};
    return isObj(job['template']) && isObj(job['template']['spec']) ? [job['template']['spec']] : [];
  }
  return isObj(spec['template']) && isObj(spec['template']['spec']) ? [spec['template']['spec']] : [];
}

/** Every container of a pod spec, init containers included. */
export function containersOf(podSpec: Obj): Obj[] {
  return [podSpec['initContainers'], podSpec['containers']].flatMap((list) =>
    Array.isArray(list) ? list.filter(isObj) : [],
  );
}

function applyLabels(objects: K8sObject[], entry: Obj): void {
  const pairs = asObject(entry['pairs'], 'labels[].pairs') as Record<string, string>;
  const add = (target: Obj): void => {
    target['labels'] = { ...(isObj(target['labels']) ? target['labels'] : {}), ...pairs };
  };
  for (const object of objects) {
    add(object.metadata);
    const spec = isObj(object['spec']) ? object['spec'] : {};
    if (entry['includeSelectors'] === true) {
      if (isObj(spec['selector'])) {
        const selector = spec['selector'];
        if (object.kind === 'Service') Object.assign(selector, pairs);
        else selector['matchLabels'] = { ...(isObj(selector['matchLabels']) ? selector['matchLabels'] : {}), ...pairs };
      }
    }
    if (entry['includeSelectors'] === true || entry['includeTemplates'] === true) {
      if (isObj(spec['template'])) {
        const template = spec['template'];
        template['metadata'] = isObj(template['metadata']) ? template['metadata'] : {};
        add(template['metadata'] as Obj);
      }
    }
  }
}

/** `name[:tag][@digest]` split into its name and the rest. */
function imageName(image: string): string {
  const withoutDigest = image.split('@')[0] ?? image;
  const lastSlash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.indexOf(':', lastSlash + 1);
  return colon === -1 ? withoutDigest : withoutDigest.slice(0, colon);
}

function applyImage(objects: K8sObject[], entry: Obj): void {
  const name = String(entry['name']);
  for (const object of objects) {
    for (const container of podSpecsOf(object).flatMap(containersOf)) {
      const image = textOf(container['image']);
      if (imageName(image) !== name) continue;
      const newName = typeof entry['newName'] === 'string' ? entry['newName'] : name;
      const tagAndDigest = image.slice(imageName(image).length);
      let suffix = tagAndDigest;
      if (typeof entry['newTag'] === 'string' || typeof entry['newTag'] === 'number')
        suffix = `:${String(entry['newTag'])}`;
      if (typeof entry['digest'] === 'string') suffix = `@${entry['digest']}`;
      container['image'] = `${newName}${suffix}`;
    }
  }
}

function matchesTarget(object: K8sObject, target: Obj | undefined): boolean {
  if (target === undefined) return true;
  if (typeof target['kind'] === 'string' && target['kind'] !== object.kind) return false;
  if (typeof target['name'] === 'string' && target['name'] !== object.metadata.name) return false;
  if (typeof target['version'] === 'string' && !object.apiVersion.endsWith(target['version'])) return false;
  if (typeof target['group'] === 'string') {
    const group = object.apiVersion.includes('/') ? object.apiVersion.split('/')[0] : '';
    if (group !== target['group']) return false;
  }
  return true;
}

function applyPatch(objects: K8sObject[], patch: Obj, dir: string): K8sObject[] {
  const text =
    typeof patch['path'] === 'string' ? readFileSync(join(dir, patch['path']), 'utf8') : textOf(patch['patch']);
  const body = parse(text) as unknown;
  const target = isObj(patch['target']) ? patch['target'] : undefined;
  if (Array.isArray(body)) {
    for (const object of objects) if (matchesTarget(object, target)) applyJson6902(object, body as Obj[]);
    return objects;
  }
  const merge = asObject(body, `patch ${textOf(patch['path'])}`);
  const mergeTarget = target ?? {
    kind: merge['kind'],
    name: isObj(merge['metadata']) ? merge['metadata']['name'] : undefined,
  };
  let matched = false;
  const result = objects.map((object) => {
    if (!matchesTarget(object, mergeTarget)) return object;
    matched = true;
    return strategicMerge(object, merge) as K8sObject;
  });
  if (!matched) throw new Error(`patch ${textOf(patch['path'], 'inline')} matches no resource`);
  return result;
}

/** A strategic-merge patch: mappings merge, lists of items with a `name` merge by name, other lists are replaced. */
function strategicMerge(base: unknown, patch: unknown): unknown {
  if (patch === null) return undefined;
  if (isObj(base) && isObj(patch)) {
    const merged: Obj = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      const next = strategicMerge(base[key], value);
      if (next === undefined) delete merged[key];
      else merged[key] = next;
    }
    return merged;
  }
  if (Array.isArray(base) && Array.isArray(patch) && patch.every((item) => isObj(item) && 'name' in item)) {
    const merged: unknown[] = [...(base as unknown[])];
    for (const item of patch as Obj[]) {
      const at = merged.findIndex((existing) => isObj(existing) && existing['name'] === item['name']);
      if (at === -1) merged.push(item);
      else merged[at] = strategicMerge(merged[at], item);
    }
    return merged;
  }
  return patch;
}

function applyJson6902(object: K8sObject, operations: readonly Obj[]): void {
  for (const operation of operations) {
    const path = String(operation['path'])
      .split('/')
      .slice(1)
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
    const key = path.pop();
    if (key === undefined) throw new Error('a JSON patch operation needs a path');
    let parent: unknown = object;
    for (const part of path) parent = Array.isArray(parent) ? parent[Number(part)] : obj(parent)[part];
    const op = operation['op'];
    if (Array.isArray(parent)) {
      const at = key === '-' ? parent.length : Number(key);
      if (op === 'add') parent.splice(at, 0, operation['value']);
      else if (op === 'replace') parent[at] = operation['value'];
      else if (op === 'remove') parent.splice(at, 1);
      else throw new Error(`JSON patch operation "${String(op)}" is not supported by this build`);
      continue;
    }
    if (!isObj(parent)) throw new Error(`JSON patch path ${String(operation['path'])} not found`);
    switch (op) {
      case 'add':
      case 'replace':
        parent[key] = operation['value'];
        break;
      case 'remove':
        delete parent[key];
        break;
      default:
        throw new Error(`JSON patch operation "${String(operation['op'])}" is not supported by this build`);
    }
  }
}

/** The directory of this file's project's kustomize base. */
export const K8S_BASE = join(dirname(new URL(import.meta.url).pathname), '../../deploy/k8s');
