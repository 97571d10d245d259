import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { K8S_BASE, containersOf, kustomizeBuild, podSpecsOf, type K8sObject } from './kustomize-build.js';

// No cluster and no kubectl in CI: the base is rendered by kustomize-build.ts (checked against
// `kubectl kustomize` where kubectl is installed) and every object is validated against the
// Kubernetes API's schemas as the kubernetes-models package ships them (its OpenAPI definitions,
// compiled): types, required fields, enumerations and formats, as `kubectl apply --dry-run`
// would check them.

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const obj = (value: unknown): Obj => (isObj(value) ? value : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const built = kustomizeBuild(K8S_BASE);
const ofKind = (kind: string): K8sObject[] => built.filter((object) => object.kind === kind);
const named = (kind: string, name: string): K8sObject => {
  const found = ofKind(kind).find((object) => object.metadata.name === name);
  if (found === undefined) throw new Error(`${kind} ${name} is not in the build`);
  return found;
};

interface Model {
  validate(): void;
}
type ModelClass = new (data: unknown) => Model;

/** kubernetes-models' class of `apiVersion`/`kind` (core group objects live under `v1/`). */
async function modelOf(apiVersion: string, kind: string): Promise<ModelClass> {
  const path = `kubernetes-models/${apiVersion}/${kind}`;
  const module = (await import(/* @vite-ignore */ path)) as Record<string, ModelClass | undefined>;
  const model = module[kind];
  if (model === undefined) throw new Error(`${path} exports no ${kind}`);
  return model;
}

describe('deploy/k8s rendered (kustomize build)', () => {
  it('renders every resource file of the kustomization, in its namespace', () => {
    expect(built.map((object) => `${object.kind}/${object.metadata.name}`)).toEqual(
      expect.arrayContaining([
        'Namespace/open-banking-gateway',
        'Deployment/gateway-api',
        'Deployment/gateway-worker',
        'Job/gateway-migrate',
        'NetworkPolicy/gateway-default-deny',
      ]),
    );
    for (const object of built.filter((o) => o.kind !== 'Namespace'))
      expect(object.metadata['namespace'], `${object.kind}/${object.metadata.name}`).toBe('open-banking-gateway');
  });

  it.skipIf(spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status !== 0)(
    'equals `kubectl kustomize` where kubectl is installed',
    () => {
      const rendered = spawnSync('kubectl', ['kustomize', K8S_BASE], { encoding: 'utf8', timeout: 60_000 });
      expect(rendered.status, rendered.stderr).toBe(0);
      const key = (object: K8sObject): string => `${object.kind}/${object.metadata.name}`;
      const byKey = (objects: K8sObject[]): Record<string, K8sObject> =>
        Object.fromEntries(objects.map((object) => [key(object), object]));
      const theirs = parseAllDocuments(rendered.stdout).map((doc) => doc.toJS() as K8sObject);
      expect(byKey(JSON.parse(JSON.stringify(built)) as K8sObject[])).toEqual(byKey(theirs));
    },
  );

  it.each(built.map((object) => [`${object.kind}/${object.metadata.name}`, object] as const))(
    '%s is valid against the Kubernetes API schema',
    async (_name, object) => {
      const Model = await modelOf(object.apiVersion, object.kind);
      expect(() => new Model(object).validate()).not.toThrow();
    },
  );

  it('the schema validation refuses a broken manifest (a port as text, a missing container image)', async () => {
    const deployment = structuredClone(named('Deployment', 'gateway-api'));
    const [container] = list(obj(podSpecsOf(deployment)[0]).containers).map(obj);
    obj(list(container?.ports)[0]).containerPort = 'eighty';
    delete container?.image;
    const Model = await modelOf(deployment.apiVersion, deployment.kind);
    expect(() => new Model(deployment).validate()).toThrow(/containerPort must be integer/);
  });

  it('runs every container on a pinned image: a version tag or a digest, never latest', () => {
    const images = built
      .flatMap(podSpecsOf)
      .flatMap(containersOf)
      .map((container) => String(container.image));
    expect(images.length).toBeGreaterThanOrEqual(5);
    for (const image of images) {
      expect(image).toMatch(/^[\w.-]+(\/[\w.-]+)+(:[\w][\w.-]{0,127}|@sha256:[0-9a-f]{64})$/);
      expect(image).not.toMatch(/:latest$/);
    }
  });

  it('starts api and worker only on the migrated schema: a wait-for-schema init container, /readyz as readiness', () => {
    for (const name of ['gateway-api', 'gateway-worker']) {
      const [pod] = podSpecsOf(named('Deployment', name));
      const init = list(obj(pod).initContainers).map(obj);
      expect(
        init.map((container) => list(container.command).join(' ')),
        name,
      ).toEqual(['node dist/scripts/wait-for-schema.js']);
      const [main] = list(obj(pod).containers).map(obj);
      expect(init[0]?.image).toBe(main?.image);
      expect(obj(obj(main?.readinessProbe).httpGet).path).toBe('/readyz');
    }
  });
});

describe('deploy/k8s network policies', () => {
  const policies = ofKind('NetworkPolicy');
  const labelsOf = (name: string): Obj => obj(obj(obj(obj(named('Deployment', name).spec).template).metadata).labels);
  const selects = (policy: K8sObject, labels: Obj): boolean =>
    Object.entries(obj(obj(obj(policy.spec).podSelector).matchLabels)).every(([key, value]) => labels[key] === value);
  /** The ingress rules that admit traffic to `port` of the pods labelled `labels`. */
  const ingressTo = (labels: Obj, port: number): Obj[] =>
    policies
      .filter((policy) => selects(policy, labels))
      .flatMap((policy) => list(obj(policy.spec).ingress).map(obj))
      .filter((rule) => {
        const ports = list(rule.ports).map(obj);
        return ports.length === 0 || ports.some((p) => p.port === port);
      });
  const sources = (rules: Obj[]): unknown[] => rules.flatMap((rule) => list(rule.from));

  it('denies all ingress and egress in the namespace unless a policy allows it', () => {
    const deny = policies.filter((policy) => Object.keys(obj(obj(policy.spec).podSelector)).length === 0);
    expect(deny.length).toBe(1);
    expect(obj(deny[0]?.spec)).toMatchObject({ policyTypes: ['Ingress', 'Egress'] });
    expect(obj(deny[0]?.spec).ingress).toBeUndefined();
    expect(obj(deny[0]?.spec).egress).toBeUndefined();
  });

  it('every ingress rule names its sources and its ports', () => {
    for (const policy of policies) {
      for (const rule of list(obj(policy.spec).ingress).map(obj)) {
        expect(list(rule.from).length, policy.metadata.name).toBeGreaterThan(0);
        expect(list(rule.ports).length, policy.metadata.name).toBeGreaterThan(0);
      }
    }
  });

  it('admits the public port from the ingress controller only', () => {
    expect(sources(ingressTo(labelsOf('gateway-api'), 8080))).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } },
    ]);
  });

  it('admits the admin and metrics port (8081) from labelled operators and Prometheus only', () => {
    expect(sources(ingressTo(labelsOf('gateway-api'), 8081))).toEqual([
      {
        namespaceSelector: { matchLabels: { 'open-banking-gateway/operator': 'true' } },
        podSelector: { matchLabels: { 'open-banking-gateway/operator': 'true' } },
      },
      {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
      },
    ]);
  });

  it("admits the worker's metrics port (8082) from Prometheus only, and nothing else of the worker", () => {
    const worker = labelsOf('gateway-worker');
    expect(sources(ingressTo(worker, 8082))).toEqual([
      {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
      },
    ]);
    for (const port of [8080, 8081]) expect(ingressTo(worker, port), String(port)).toEqual([]);
  });

  it('lets api, worker and the migration Job reach DNS, Postgres and Redis; api and worker the banks on 443', () => {
    const migrate = obj(obj(obj(named('Job', 'gateway-migrate').spec).template).metadata).labels;
    for (const labels of [labelsOf('gateway-api'), labelsOf('gateway-worker'), obj(migrate)]) {
      const egressPorts = policies
        .filter((policy) => selects(policy, labels))
        .flatMap((policy) => list(obj(policy.spec).egress).map(obj))
        .flatMap((rule) => list(rule.ports).map(obj))
        .map((port) => `${String(port.port)}/${String(port.protocol)}`);
      expect(egressPorts).toEqual(expect.arrayContaining(['53/UDP', '53/TCP', '5432/TCP', '6379/TCP', '443/TCP']));
    }
  });
});
