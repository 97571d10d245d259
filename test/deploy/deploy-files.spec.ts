import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { ConfigError, loadConfig, requireAdminToken } from '#libs/common';
import { telemetrySettings } from '#libs/observability';

// No Docker engine or cluster in CI: these checks tie the deployment files to the code instead.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const exists = (path: string): boolean => existsSync(join(root, path));
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const obj = (value: unknown): Obj => (isObj(value) ? value : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Calls `visit` for every key/value pair anywhere in a parsed YAML tree. */
function walk(node: unknown, visit: (key: string, value: unknown) => void): void {
  if (Array.isArray(node)) for (const item of node) walk(item, visit);
  else if (isObj(node)) {
    for (const [key, value] of Object.entries(node)) {
      visit(key, value);
      walk(value, visit);
    }
  }
}

/** Every value found under `key` anywhere in `node`. */
function valuesOf(node: unknown, key: string): unknown[] {
  const found: unknown[] = [];
  walk(node, (k, value) => {
    if (k === key) found.push(value);
  });
  return found;
}

const captures = (text: string, pattern: RegExp): string[] =>
  [...text.matchAll(pattern)].flatMap((match) => match.slice(1, 2));

const ALLOWED_PORTS = new Set([8080, 8081, 8082, 8090, 5432, 6379]);
const PROBE_PATHS = new Set(['/healthz', '/readyz']);
const GATEWAY_SERVICES = ['api', 'worker', 'sandbox-bank'];
const PROBE_URL = /https?:\/\/[^/'"\s]+:(\d+)(\/[\w/-]*)/g;

const dockerfile = read('deploy/Dockerfile');
const composeText = read('docker-compose.yml');
const services = obj(obj(parse(composeText, { merge: true })).services);
const gatewayServices = Object.entries(services).filter(([name]) => name !== 'postgres' && name !== 'redis');

const k8sDir = 'deploy/k8s';
const resourceFiles = list(obj(parse(read(`${k8sDir}/kustomization.yaml`))).resources).map(str);
// A missing file is reported by the 'lists resource files that exist' test, not at load time.
const k8sPaths = resourceFiles.map((file) => `${k8sDir}/${file}`);
const k8sText = k8sPaths.filter(exists).map(read).join('\n---\n');
const k8sDocs = parseAllDocuments(k8sText);
const objects = k8sDocs.map((doc) => obj(doc.toJS()));
const ofKind = (kind: string): Obj[] => objects.filter((o) => o.kind === kind);
const workloads = [...ofKind('Deployment'), ...ofKind('Job')];

/** containerPort names -> numbers, to resolve named probe and target ports. */
const containerPorts = valuesOf(objects, 'ports')
  .flatMap(list)
  .map(obj)
  .filter((p) => p.containerPort !== undefined);
const namedPorts = new Map(containerPorts.map((p) => [str(p.name), Number(p.containerPort)] as const));
const resolvePort = (port: unknown): number => (typeof port === 'number' ? port : (namedPorts.get(str(port)) ?? NaN));

/**
 * Runs loadConfig over `values` and records every variable it looks up by name. The proxy has no
 * own keys, so the BANK_SECRET_* scan (which enumerates the environment) sees none.
 */
function readConfig(
  values: Readonly<Record<string, string>>,
  load: (env: Record<string, string | undefined>) => unknown = loadConfig,
): {
  readonly read: ReadonlySet<string>;
  readonly error: unknown;
} {
  const names = new Set<string>();
  const target: Record<string, string | undefined> = {};
  const env = new Proxy(target, {
    get: (_target, name) => {
      if (typeof name !== 'string') return undefined;
      names.add(name);
      return values[name];
    },
  });
  try {
    load(env);
    return { read: names, error: undefined };
  } catch (error) {
    return { read: names, error };
  }
}

const describeError = (error: unknown): string =>
  error === undefined ? 'loaded' : error instanceof Error ? error.message : JSON.stringify(error);

/** Stand-ins of the Secret's values, in valid formats (never real ones). */
const SECRET_SAMPLES: Readonly<Record<string, string>> = {
  DATABASE_URL: 'postgresql://gateway:sample@postgres.example.internal:5432/gateway',
  REDIS_URL: 'rediss://:sample@redis.example.internal:6379',
  ADMIN_TOKEN: 'sample-admin-token-'.padEnd(48, 'x'),
  WEBHOOK_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS: Buffer.alloc(32, 2).toString('base64'),
};
/** A complete production environment: what every process needs when ENVIRONMENT=production. */
const PRODUCTION_SAMPLE: Readonly<Record<string, string>> = {
  ENVIRONMENT: 'production',
  PUBLIC_BASE_URL: 'https://gateway.example.com',
  ...SECRET_SAMPLES,
};

describe('docker-compose.yml', () => {
  it('defines the stack, with a health check on every long-running gateway process', () => {
    const expected = ['postgres', 'redis', 'migrate', ...GATEWAY_SERVICES];
    expect(Object.keys(services)).toEqual(expect.arrayContaining(expected));
    for (const name of ['postgres', 'redis']) expect(obj(services[name]).healthcheck, name).toBeDefined();
    for (const [name, service] of gatewayServices) {
      if (name === 'migrate') {
        expect(list(obj(service).command).join(' ')).toContain('dist/scripts/migrate.js');
        continue;
      }
      const healthcheck = obj(obj(service).healthcheck);
      expect(healthcheck.disable, name).not.toBe(true);
      expect(list(healthcheck.test).length, `${name} healthcheck`).toBeGreaterThan(0);
    }
  });

  it('starts gateway processes only after migrations succeed and Redis is healthy', () => {
    for (const name of GATEWAY_SERVICES) {
      const dependsOn = obj(obj(services[name]).depends_on);
      expect(obj(dependsOn.migrate).condition, name).toBe('service_completed_successfully');
      expect(obj(dependsOn.redis).condition, name).toBe('service_healthy');
    }
    expect(obj(obj(obj(services.migrate).depends_on).postgres).condition).toBe('service_healthy');
  });

  it('publishes only known ports and probes only /healthz and /readyz', () => {
    const ports = valuesOf(services, 'ports')
      .flatMap(list)
      .flatMap((entry) => {
        if (typeof entry === 'number') return [entry];
        if (isObj(entry)) return [entry.target, entry.published].filter((p) => p !== undefined).map(Number);
        return str(entry)
          .replace(/\/\w+$/, '')
          .split(':')
          .slice(-2)
          .map(Number); // [ip:]host:container[/proto]
      });
    expect(ports.length).toBeGreaterThan(0);
    for (const port of ports) expect(ALLOWED_PORTS, `port ${String(port)}`).toContain(port);
    for (const name of GATEWAY_SERVICES) {
      const urls = [
        ...list(obj(obj(services[name]).healthcheck).test)
          .map(str)
          .join(' ')
          .matchAll(PROBE_URL),
      ];
      expect(urls.length, `${name} healthcheck URL`).toBeGreaterThan(0);
      for (const [, port, path] of urls) {
        expect(ALLOWED_PORTS).toContain(Number(port));
        expect(PROBE_PATHS).toContain(path);
      }
    }
  });
});

describe('deploy/Dockerfile', () => {
  it('is multi-stage, copies only from defined stages and runs as a non-root user', () => {
    expect(captures(dockerfile, /^(FROM)\s/gim).length).toBeGreaterThanOrEqual(2);
    const stages = captures(dockerfile, /^FROM\s+\S+\s+AS\s+(\S+)/gim);
    const copiedFrom = captures(dockerfile, /^COPY\s+--from=(\S+)/gim);
    expect(copiedFrom.length).toBeGreaterThan(0);
    for (const stage of copiedFrom) expect(stages).toContain(stage);
    const users = captures(dockerfile, /^USER\s+(\S+)/gim);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:.*)?$/);
  });

  it('exposes only known ports and health-checks a probe path', () => {
    const exposed = captures(dockerfile, /^EXPOSE\s+(.+)$/gim).flatMap((line) => line.trim().split(/\s+/).map(Number));
    expect(exposed.length).toBeGreaterThan(0);
    for (const port of exposed) expect(ALLOWED_PORTS, `port ${String(port)}`).toContain(port);
    const healthcheck = captures(dockerfile, /^(HEALTHCHECK\s(?:\\\n|[^\n])*)/gim).join('\n');
    const urls = [...healthcheck.matchAll(PROBE_URL)];
    expect(urls.length).toBe(1);
    for (const [, port, path] of urls) {
      expect(ALLOWED_PORTS).toContain(Number(port));
      expect(PROBE_PATHS).toContain(path);
    }
  });
});

describe('entry points and environment variables', () => {
  it('every dist/*.js entry point named in a command has a TypeScript source', () => {
    const entries = new Set(captures([dockerfile, composeText, k8sText].join('\n'), /(dist\/[\w./-]+\.js)/g));
    expect(entries.size).toBeGreaterThanOrEqual(5);
    for (const entry of entries) {
      const source = entry.replace(/^dist\//, '').replace(/\.js$/, '.ts');
      expect(exists(source), `${entry} -> ${source}`).toBe(true);
    }
  });

  const readByCode = new Set([
    // What loadConfig itself asks for, in sandbox and in production (no list kept by hand).
    ...readConfig({}).read,
    ...readConfig(PRODUCTION_SAMPLE).read,
    // What the OpenTelemetry preload asks for to decide which signals to export.
    ...readConfig({}, telemetrySettings).read,
  ]);
  const setInCompose = gatewayServices.flatMap(([, service]) => {
    const env = obj(service).environment;
    return Array.isArray(env) ? env.map((entry) => str(entry).replace(/=.*$/s, '')) : Object.keys(obj(env));
  });
  const setInK8s = [
    ...valuesOf(objects, 'env')
      .flatMap(list)
      .map((entry) => str(obj(entry).name)),
    ...ofKind('ConfigMap').flatMap((configMap) => Object.keys(obj(configMap.data))),
  ];
  const allSet = [...new Set([...setInCompose, ...setInK8s])];

  it('sets only variables the code reads', () => {
    expect(readByCode.size).toBeGreaterThan(10);
    expect(setInCompose.length).toBeGreaterThan(0);
    expect(setInK8s.length).toBeGreaterThan(0);
    for (const name of allSet) expect(readByCode, `${name} is not read by the code`).toContain(name);
  });

  it('documents every variable it sets in README.md', () => {
    expect(exists('README.md'), 'README.md exists').toBe(true);
    const readme = read('README.md');
    for (const name of allSet) expect(readme, `${name} in README.md`).toContain(name);
  });
});

describe('deploy/k8s', () => {
  it('lists resource files that exist and parse', () => {
    expect(resourceFiles.length).toBeGreaterThan(0);
    for (const path of k8sPaths) expect(exists(path), path).toBe(true);
    for (const doc of k8sDocs) expect(doc.errors).toEqual([]);
    for (const kind of ['Job', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Service', 'ConfigMap']) {
      expect(ofKind(kind).length, kind).toBeGreaterThan(0);
    }
  });

  it.each(['gateway-api', 'gateway-worker'])('%s has probes, resources and a termination grace period', (name) => {
    const deployment = ofKind('Deployment').find((o) => obj(o.metadata).name === name);
    const spec = obj(obj(obj(deployment?.spec).template).spec);
    expect(spec.terminationGracePeriodSeconds).toBeGreaterThan(0);
    const containers = list(spec.containers).map(obj);
    expect(containers.length).toBeGreaterThan(0);
    for (const container of containers) {
      for (const probe of ['livenessProbe', 'readinessProbe']) {
        expect(PROBE_PATHS, `${name} ${probe}`).toContain(obj(obj(container[probe]).httpGet).path);
      }
      const resources = obj(container.resources);
      for (const bound of [resources.requests, resources.limits]) {
        expect(Object.keys(obj(bound))).toEqual(expect.arrayContaining(['cpu', 'memory']));
      }
    }
  });

  it('uses only known container, target and probe ports, and only probe paths', () => {
    const probes = valuesOf(objects, 'httpGet').map(obj);
    const ports = [...valuesOf(objects, 'containerPort'), ...valuesOf(objects, 'targetPort')];
    ports.push(...probes.map((probe) => probe.port));
    expect(probes.length).toBeGreaterThan(0);
    for (const port of ports.map(resolvePort)) expect(ALLOWED_PORTS, `port ${String(port)}`).toContain(port);
    for (const probe of probes) expect(PROBE_PATHS).toContain(probe.path);
  });

  it('references only defined ConfigMaps and the documented gateway-secrets Secret', () => {
    const configMaps = ofKind('ConfigMap').map((o) => str(obj(o.metadata).name));
    const refs = (keys: string[], field = 'name'): string[] =>
      keys.flatMap((key) => valuesOf(workloads, key).map((ref) => str(obj(ref)[field])));
    const configMapRefs = refs(['configMapRef', 'configMapKeyRef', 'configMap']);
    const secretRefs = [...refs(['secretRef', 'secretKeyRef']), ...refs(['secret'], 'secretName')];
    expect(configMapRefs.length).toBeGreaterThan(0);
    expect(secretRefs.length).toBeGreaterThan(0);
    for (const name of configMapRefs) expect(configMaps, name).toContain(name);
    for (const name of secretRefs) expect(name).toBe('gateway-secrets');
    const readme = read(`${k8sDir}/README.md`);
    expect(readme).toContain('create secret generic gateway-secrets');
    for (const key of refs(['secretKeyRef'], 'key')) expect(readme, `${key} documented`).toContain(`${key}=`);
  });
});

describe('production configuration provided by deploy/k8s', () => {
  const configMaps = new Map(ofKind('ConfigMap').map((o) => [str(obj(o.metadata).name), obj(o.data)] as const));

  /** The environment a container gets: its ConfigMaps, literal values and Secret keys (as samples). */
  function containerEnv(container: Obj): { env: Record<string, string>; unsampled: string[] } {
    const env: Record<string, string> = {};
    const unsampled: string[] = [];
    for (const source of list(container.envFrom).map(obj)) {
      for (const [name, value] of Object.entries(configMaps.get(str(obj(source.configMapRef).name)) ?? {}))
        env[name] = str(value);
    }
    for (const entry of list(container.env).map(obj)) {
      const name = str(entry.name);
      if (typeof entry.value === 'string' || typeof entry.value === 'number') env[name] = String(entry.value);
      const secret = obj(obj(entry.valueFrom).secretKeyRef);
      if (Object.keys(secret).length === 0 || secret.optional === true) continue;
      const sample = SECRET_SAMPLES[str(secret.key)];
      if (sample === undefined) unsampled.push(str(secret.key));
      else env[name] = sample;
    }
    return { env, unsampled };
  }

  const containers = workloads.flatMap((workload) =>
    list(obj(obj(obj(workload.spec).template).spec).containers)
      .map(obj)
      .map((container) => [`${str(obj(workload.metadata).name)}/${str(container.name)}`, container] as const),
  );
  // A variable has no safe default in production when loadConfig refuses a complete production
  // environment without it: asked of loadConfig itself, so a new required variable is found here.
  const productionRead = [...readConfig(PRODUCTION_SAMPLE).read];
  const required = productionRead.filter((name) => {
    const { [name]: _removed, ...without } = PRODUCTION_SAMPLE;
    const { error } = readConfig(without);
    return error instanceof ConfigError && error.variable === name;
  });

  it('a complete production environment loads, and loadConfig names what production requires', () => {
    const { error } = readConfig(PRODUCTION_SAMPLE);
    expect(describeError(error), 'add a sample of the new variable to PRODUCTION_SAMPLE and to the manifests').toBe(
      'loaded',
    );
    expect(required).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'PUBLIC_BASE_URL', 'WEBHOOK_KEY_ENCRYPTION_KEY']),
    );
    // Only the api serves the admin API: it alone requires ADMIN_TOKEN (requireAdminToken).
    expect(required).not.toContain('ADMIN_TOKEN');
    expect(productionRead).toEqual(
      expect.arrayContaining([
        'WEBHOOK_RETENTION_DAYS',
        'WEBHOOK_DEAD_LETTER_RETENTION_DAYS',
        'WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS',
      ]),
    );
  });

  it('runs api, worker and the migration Job', () => {
    expect(containers.map(([name]) => name).sort()).toEqual([
      'gateway-api/api',
      'gateway-migrate/migrate',
      'gateway-worker/worker',
    ]);
  });

  it.each(containers)(
    '%s gets ENVIRONMENT=production and every variable production requires, and its environment loads',
    (name, container) => {
      const { env, unsampled } = containerEnv(container);
      expect(unsampled, `${name}: Secret keys without a sample in SECRET_SAMPLES`).toEqual([]);
      expect(env['ENVIRONMENT']).toBe('production');
      for (const variable of required) expect(Object.keys(env), `${name} sets ${variable}`).toContain(variable);
      const { error } = readConfig(env);
      expect(describeError(error), name).toBe('loaded');
    },
  );

  it('gives ADMIN_TOKEN to the api, which serves the admin API, and to no other container', () => {
    const withToken = containers
      .filter(([, container]) =>
        list(container.env)
          .map(obj)
          .some((entry) => entry.name === 'ADMIN_TOKEN'),
      )
      .map(([name]) => name);
    expect(withToken).toEqual(['gateway-api/api']);
    const api = containers.find(([name]) => name === 'gateway-api/api')?.[1];
    expect(requireAdminToken(loadConfig(containerEnv(obj(api)).env))).toBe(SECRET_SAMPLES['ADMIN_TOKEN']);
  });

  it('keeps secrets out of the ConfigMap: the key-encryption key comes from a secretKeyRef', () => {
    for (const data of configMaps.values()) {
      for (const secret of Object.keys(SECRET_SAMPLES)) expect(Object.keys(data)).not.toContain(secret);
    }
    for (const [name, container] of containers) {
      const entry = list(container.env)
        .map(obj)
        .find((e) => e.name === 'WEBHOOK_KEY_ENCRYPTION_KEY');
      expect(obj(obj(entry?.valueFrom).secretKeyRef), name).toMatchObject({
        name: 'gateway-secrets',
        key: 'WEBHOOK_KEY_ENCRYPTION_KEY',
      });
    }
  });

  it('secret.example.yaml shows every Secret key the workloads use, with placeholders that cannot start a process', () => {
    const example = obj(parse(read(`${k8sDir}/secret.example.yaml`)));
    expect(example.kind).toBe('Secret');
    expect(resourceFiles).not.toContain('secret.example.yaml');
    const data = obj(example.stringData);
    const keys = valuesOf(workloads, 'secretKeyRef')
      .map((ref) => obj(ref))
      .filter((ref) => ref.optional !== true)
      .map((ref) => str(ref.key));
    for (const key of new Set(keys)) expect(Object.keys(data), key).toContain(key);
    const { error } = readConfig({
      ...PRODUCTION_SAMPLE,
      ...Object.fromEntries(Object.entries(data).map(([key, value]) => [key, str(value)])),
    });
    expect(error).toBeInstanceOf(ConfigError);
  });
});

describe('Node.js runtime', () => {
  const ciNodeMajor = Number(captures(read('.ci/run'), /^NODE_MAJOR=(\d+)$/gm)[0]);
  const engines = str(obj(obj(JSON.parse(read('package.json')) as unknown).engines).node);

  it('builds and runs the images on the Node.js major CI tests on, which package.json allows', () => {
    expect(ciNodeMajor).toBeGreaterThanOrEqual(24);
    const images = captures(dockerfile, /^FROM\s+(\S+)/gim);
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const image of images) expect(image).toMatch(new RegExp(`^node:${ciNodeMajor}-[a-z]+-slim$`));
    expect(engines.split('||').map((range) => range.trim())).toContain(`>=${ciNodeMajor}`);
  });
});

describe('Prometheus scraping', () => {
  const config = obj(ofKind('ConfigMap').find((o) => obj(o.metadata).name === 'gateway-config')?.data);
  const publicPort = Number(config.PORT);
  const metricsPorts = new Set([Number(config.ADMIN_PORT), Number(config.WORKER_PORT)]);
  const serviceMonitorPath = `${k8sDir}/servicemonitor.yaml`;

  it('annotates the api pods with the admin port and the worker pods with the worker port, never the public one', () => {
    expect(publicPort).toBe(8080);
    expect([...metricsPorts]).toEqual([8081, 8082]);
    const scraped = Object.fromEntries(
      ofKind('Deployment').map((deployment) => {
        const annotations = obj(obj(obj(obj(deployment.spec).template).metadata).annotations);
        expect(annotations['prometheus.io/scrape']).toBe('true');
        expect(annotations['prometheus.io/path']).toBe('/metrics');
        return [str(obj(deployment.metadata).name), Number(annotations['prometheus.io/port'])];
      }),
    );
    expect(scraped).toEqual({ 'gateway-api': Number(config.ADMIN_PORT), 'gateway-worker': Number(config.WORKER_PORT) });
  });

  it('servicemonitor.yaml scrapes /metrics through Service ports that lead to the admin and worker ports only', () => {
    expect(resourceFiles).not.toContain('servicemonitor.yaml');
    const monitor = obj(parse(read(serviceMonitorPath)));
    expect(monitor.kind).toBe('ServiceMonitor');
    const selector = obj(obj(obj(monitor.spec).selector).matchLabels);
    const selected = ofKind('Service').filter((service) =>
      Object.entries(selector).every(([key, value]) => obj(obj(service.metadata).labels)[key] === value),
    );
    expect(selected.length).toBeGreaterThan(0);
    const endpoints = list(obj(monitor.spec).endpoints).map(obj);
    expect(endpoints.length).toBeGreaterThan(0);
    const targets = endpoints.flatMap((endpoint) => {
      expect(endpoint.path).toBe('/metrics');
      return selected
        .flatMap((service) => list(obj(service.spec).ports).map(obj))
        .filter((port) => port.name === endpoint.port)
        .map((port) => resolvePort(port.targetPort));
    });
    expect(new Set(targets)).toEqual(metricsPorts);
  });

  it('compose publishes the admin and worker ports on the loopback address only', () => {
    const published = valuesOf(services, 'ports').flatMap(list).map(str);
    for (const port of metricsPorts) {
      const entries = published.filter((entry) => entry.endsWith(`:${port}`));
      expect(entries.length, `port ${port}`).toBeGreaterThan(0);
      for (const entry of entries) expect(entry).toMatch(/^127\.0\.0\.1:/);
    }
  });
});
