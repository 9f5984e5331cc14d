// Property-based fuzzing of everything a user can type (fast-check): manifests of every served
// kind with one mutation each (wrong types, nulls, arrays for objects and back, deep nesting,
// long and unicode strings, huge and negative numbers, unknown fields, alias bombs, multi-MB
// documents), sent by `kubectl apply|create` in each --validate mode, and random kubectl /
// kubeplay command lines with real verbs and random flags. After each input the clock runs on,
// so controllers, the scheduler and the kubelets see what was stored.
//
// Invariants: no exception escapes a command or the reactions after it; no command takes more
// than 5 s; every stored object decodes again (no type error, no unknown field); a refused
// create stored nothing. The suite runs a few thousand cases (fuzz.test.ts); `npm run fuzz`
// runs 100,000 and prints the counts.

import fc from 'fast-check';
import { stringify } from 'yaml';
import { decodeObject, DecodeError } from '../api/decoding/decode';
import { Simulation } from '../simulation';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One valid manifest per served kind and version: what the mutations start from. */
export const BASE_MANIFESTS: readonly Record<string, Json>[] = [
  {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', labels: { app: 'a' }, annotations: { note: 'x' } },
    spec: {
      containers: [
        {
          name: 'c',
          image: 'nginx:1.27',
          command: ['sh', '-c', 'sleep 3600'],
          ports: [{ containerPort: 80, protocol: 'TCP' }],
          env: [{ name: 'A', value: '1' }],
          resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { cpu: 1, memory: '128Mi' } },
          readinessProbe: { httpGet: { path: '/', port: 80 }, periodSeconds: 5 },
          volumeMounts: [{ name: 'v', mountPath: '/data' }],
        },
      ],
      initContainers: [{ name: 'init', image: 'busybox', command: ['true'] }],
      volumes: [{ name: 'v', emptyDir: {} }],
      tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }],
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      affinity: {
        podAntiAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            {
              weight: 10,
              podAffinityTerm: { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'a' } } },
            },
          ],
        },
      },
      topologySpreadConstraints: [
        {
          maxSkew: 1,
          topologyKey: 'topology.kubernetes.io/zone',
          whenUnsatisfiable: 'ScheduleAnyway',
          labelSelector: { matchLabels: { app: 'a' } },
        },
      ],
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 5,
    },
  },
  {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd' },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'd' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: 1 } },
      template: { metadata: { labels: { app: 'd' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
    },
  },
  {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'r' },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'r' } },
      template: { metadata: { labels: { app: 'r' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
    },
  },
  {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 's' },
    spec: {
      replicas: 2,
      serviceName: 's',
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } },
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete', whenScaled: 'Delete' },
      ordinals: { start: 1 },
      selector: { matchLabels: { app: 's' } },
      template: { metadata: { labels: { app: 's' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
      volumeClaimTemplates: [
        { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
      ],
    },
  },
  {
    apiVersion: 'v1',
    kind: 'ReplicationController',
    metadata: { name: 'rc' },
    spec: {
      replicas: 1,
      selector: { app: 'rc' },
      template: { metadata: { labels: { app: 'rc' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
    },
  },
  {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 's' },
    spec: { type: 'NodePort', selector: { app: 'd' }, ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }] },
  },
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns', labels: { team: 'x' } } },
  {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'n', labels: { 'kubernetes.io/hostname': 'n' } },
    spec: { taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }], podCIDR: '10.244.99.0/24' },
  },
  {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'pdb' },
    spec: { minAvailable: 1, selector: { matchLabels: { app: 'd' } } },
  },
  {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'h' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' },
      minReplicas: 1,
      maxReplicas: 5,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }],
    },
  },
  {
    apiVersion: 'autoscaling/v1',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'h1' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' },
      maxReplicas: 3,
      targetCPUUtilizationPercentage: 80,
    },
  },
  { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000, description: 'x' },
  {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name: 'l' },
    spec: { holderIdentity: 'me', leaseDurationSeconds: 15 },
  },
];

const HUGE_NUMBERS = [1e300, -1e300, 2 ** 31, -(2 ** 31) - 1, 2 ** 63, 1e21, -1, 0, 0.5, -0.0001, 65536, 999999999];

/** A value of any JSON shape, biased to what breaks code that trusts shapes. */
export function jsonValue(): fc.Arbitrary<Json> {
  const leaf: fc.Arbitrary<Json> = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.constantFrom(...HUGE_NUMBERS),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string(),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom('', '-', 'on', 'yes', '1e3', '100m', 'lots', 'Never', '__proto__', 'constructor', '0x10', ' 1Gi '),
    fc.nat({ max: 20_000 }).map((n) => 'x'.repeat(n)),
  );
  return fc.letrec<{ value: Json }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(
        fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('name', 'key', '__proto__', 'constructor')),
        tie('value'),
        {
          maxKeys: 4,
        },
      ),
    ),
  })).value;
}

/** Every path into a JSON value (object keys and list indices). */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...prefix, i])));
  else if (value !== null && typeof value === 'object')
    for (const k of Object.keys(value)) out.push(...paths(value[k], [...prefix, k]));
  return out;
}

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** Sets (or, for `undefined`, deletes) the value at `path`; keys become own properties. */
function setAt(root: Json, path: (string | number)[], value: Json | undefined): Json {
  if (path.length === 0) return value ?? null;
  let node: any = root;
  for (const step of path.slice(0, -1)) node = node[step];
  const last = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else {
    Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
  }
  return root;
}

type Mutation = (old: Json) => fc.Arbitrary<Json | undefined>;

/** The ways one value is mutated. */
const mutations: Mutation[] = [
  () => jsonValue(),
  () => fc.constant(undefined),
  () => fc.constant(null),
  (old) => fc.constant([old]),
  (old) => fc.constant(Array.isArray(old) ? Object.fromEntries(old.map((v, i) => [String(i), v])) : { '0': old }),
  (old) => fc.constant(typeof old === 'number' || typeof old === 'boolean' ? String(old) : old),
  (old) => fc.constant(typeof old === 'string' && old.trim() !== '' && !Number.isNaN(Number(old)) ? Number(old) : old),
  () => fc.constantFrom(...HUGE_NUMBERS),
  () => fc.nat({ max: 300 }).map((depth) => nest(depth)),
];

/** Lists nested `depth` deep. */
function nest(depth: number): Json {
  let v: Json = 'deep';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { d: v };
  return v;
}

export interface ManifestCase {
  manifest: Json;
  text: string;
  verb: 'apply' | 'create';
  validate: 'strict' | 'warn' | 'ignore' | 'false' | undefined;
  name: string;
}

/** A base manifest, renamed, with one to three mutations, as YAML or JSON text. */
export function manifestCase(): fc.Arbitrary<ManifestCase> {
  return fc
    .tuple(
      fc.constantFrom(...BASE_MANIFESTS),
      fc.array(
        fc.tuple(fc.nat(), fc.nat({ max: mutations.length - 1 }), fc.boolean(), fc.string({ minLength: 1, maxLength: 12 })),
        {
          minLength: 1,
          maxLength: 3,
        },
      ),
      fc.constantFrom('apply', 'create') as fc.Arbitrary<'apply' | 'create'>,
      fc.constantFrom('strict', 'warn', 'ignore', 'false', undefined),
      fc.boolean(),
      fc.nat({ max: 1_000_000 }),
    )
    .chain(([base, steps, verb, validate, asJson, n]) => {
      const name = `f${n}`;
      const start = clone(base) as Record<string, Json>;
      (start.metadata as Record<string, Json>).name = name;
      // Each step: a path of the current value (or a new key under it) and a mutation.
      let arb: fc.Arbitrary<Json> = fc.constant(start as Json);
      for (const [pick, which, addKey, key] of steps) {
        arb = arb.chain((current) => {
          const all = paths(current);
          const path = all[pick % all.length];
          if (addKey) {
            return jsonValue().map((v) => {
              const target = path.reduce<any>((node, step) => node?.[step], current);
              if (target === null || typeof target !== 'object' || Array.isArray(target)) return current;
              return setAt(clone(current), [...path, key], v);
            });
          }
          const old = path.reduce<any>((node, step) => node?.[step], current) as Json;
          return mutations[which](old).map((v) => setAt(clone(current), path, v));
        });
      }
      return arb.map((manifest) => ({
        manifest,
        text: asJson ? JSON.stringify(manifest) : stringify(manifest, { aliasDuplicateObjects: false }),
        verb,
        validate,
        name,
      }));
    });
}

/** YAML texts that stress the reader: alias bombs, duplicate keys, 1.1 scalars, big documents. */
export function yamlStressText(): fc.Arbitrary<string> {
  const bomb = fc.integer({ min: 1, max: 9 }).map((levels) => {
    let s = 'a0: &a0 ["lol"]\n';
    for (let i = 1; i <= levels; i++)
      s += `a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(',')}]\n`;
    return `${s}apiVersion: v1\nkind: Namespace\nmetadata: {name: bomb${levels}}\n`;
  });
  const big = fc
    .integer({ min: 1, max: 3 })
    .map(
      (mb) =>
        `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: big\n  annotations:\n    a: "${'x'.repeat(mb * 1024 * 1024)}"\n`,
    );
  const oddities = fc.constantFrom(
    'apiVersion: v1\nkind: Pod\nmetadata: {name: dup, name: dup2}\nspec: {containers: [{name: c, image: nginx}]}\n',
    'apiVersion: v1\nkind: Pod\nmetadata: {name: y11, labels: {a: yes, b: off}}\nspec: {containers: [{name: c, image: nginx}]}\n',
    'apiVersion: v1\nkind: Pod\nmetadata: {name: ts, annotations: {t: 2001-12-14}}\nspec: {containers: [{name: c, image: nginx}]}\n',
    'apiVersion: v1\nkind: List\nitems: [1, null, {kind: Pod}]\n',
    '- 1\n- 2\n',
    '{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "j"}',
    'apiVersion: v1\nkind: [Namespace]\n',
    'apiVersion: {a: 1}\nkind: Namespace\nmetadata: {name: x}\n',
    '---\n---\n',
    'kind: Namespace\napiVersion: v1\nmetadata: &m {name: anchors}\nspec: {finalizers: [*m]}\n',
  );
  return fc.oneof(bomb, big, oddities, fc.string({ maxLength: 200 }));
}

const KUBECTL_VERBS = [
  'get',
  'describe',
  'delete',
  'label',
  'annotate',
  'scale',
  'rollout',
  'logs',
  'patch',
  'taint',
  'cordon',
  'uncordon',
  'drain',
  'run',
  'expose',
  'create',
  'set',
  'autoscale',
  'wait',
  'exec',
  'debug',
  'apply',
  'api-resources',
  'version',
  'explain',
  'edit',
  'top',
  'constructor',
  '__proto__',
  'toString',
  '',
];
const KUBEPLAY_VERBS = ['node', 'zone', 'pod', 'load', 'clock', 'config', 'explain', 'cluster', 'constructor', '__proto__'];
const ARGS = [
  'pods',
  'pod',
  'po',
  'deploy',
  'deployment',
  'rs',
  'svc',
  'nodes',
  'node-a1',
  'ns',
  'pdb',
  'hpa',
  'all',
  'events',
  'pod/p',
  'deployment/d',
  'deploy/f1',
  'node/node-b1',
  ',',
  'pods,',
  ',pods',
  '',
  '-',
  '--',
  '__proto__',
  'constructor',
  'p',
  'd',
  'f1',
  'status',
  'history',
  'undo',
  'restart',
  'pause',
  'resume',
  'image',
  'resources',
  'deployment',
  'pdb',
  'crash',
  'fail-readiness',
  'evict',
  'stop',
  'start',
  'add',
  'set',
  'view',
  'scheduling',
  'c=nginx:1.28',
  'k=v:NoSchedule',
  'k-',
  'a=b',
  'a-',
  'app=a',
  '{"spec":{"replicas":"x"}}',
  '[{"op":"remove","path":"/spec"}]',
  'toString=x',
  'node-monitor-grace-period=0s',
  'node-eviction-rate=-1',
  'kubernetes-version=v1.31',
];
const FLAGS = [
  '-o',
  '-o=yaml',
  '-o=json',
  '-o=wide',
  '-o=name',
  '-ojsonpath={.items[*].metadata.name}',
  '-o=custom-columns=A:.metadata.ownerReferences[0].name',
  '-A',
  '-n',
  '-n=kube-system',
  '-l',
  '-l=app=a',
  '-l=app in (a,b)',
  '--all',
  '-w',
  '--watch-only',
  '--timeout=',
  '--timeout=1s',
  '--timeout=false',
  '--timeout=-1s',
  '--grace-period=0',
  '--grace-period=-5',
  '--force',
  '--now',
  '--replicas=3',
  '--replicas=-1',
  '--replicas=2147483648',
  '--replicas=x',
  '--image=nginx',
  '--port=80',
  '--port=0',
  '--type=merge',
  '--type=json',
  '-p',
  '--overwrite',
  '--cascade=orphan',
  '--dry-run=server',
  '--dry-run=client',
  '--validate=warn',
  '--for=delete',
  '--for=condition=Ready',
  '--ignore-daemonsets',
  '--delete-emptydir-data',
  '--selector=app=a',
  '--field-selector=spec.nodeName=node-a1',
  '--cpu',
  '--cpu=80%',
  '--off',
  '--zone=zone-a',
  '--memory=1Gi',
  '--pods=0',
  '--to-revision=99',
  '--revision=1',
  '--min=1',
  '--max=0',
  '--cpu-percent=50',
  '--tail=-1',
  '--since=1h',
  '-c',
  '-c=x',
  '--show-labels',
  '-L=app',
  '--sort-by=.metadata.name',
  '--recursive',
  '--for',
  '--grace=1s',
  '--by-priority=0=1s',
];

/** A random command line of real verbs and random arguments and flags. */
export function commandLine(): fc.Arbitrary<string[]> {
  const word = fc.oneof(fc.constantFrom(...ARGS, ...FLAGS), fc.string({ maxLength: 10 }));
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...KUBECTL_VERBS), fc.array(word, { maxLength: 5 }))
      .map(([verb, rest]) => ['kubectl', verb, ...rest]),
    fc
      .tuple(fc.constantFrom(...KUBEPLAY_VERBS), fc.array(word, { maxLength: 5 }))
      .map(([verb, rest]) => ['kubeplay', verb, ...rest]),
  );
}

const PATCH_TARGETS = ['deploy/d', 'pod/p', 'svc/d', 'node/node-a1', 'ns/default'];
const PATCH_PATHS = [
  '/spec/replicas',
  '/spec/template/spec/containers/0/image',
  '/spec/template/spec/containers',
  '/spec/selector',
  '/metadata/labels',
  '/metadata/labels/app',
  '/spec/containers/0/ports',
  '/spec/tolerations',
  '/spec/ports/0/port',
  '/spec/taints',
  '/spec/unschedulable',
  '/spec/paused',
  '/spec/strategy/rollingUpdate/maxSurge',
  '/metadata/ownerReferences',
];
const PATCH_KEYS = ['replicas', 'paused', 'template', 'containers', 'ports', 'taints', 'selector', 'type', 'replicass', 'labels'];

/** `kubectl patch` of the objects every fuzz simulation starts with, with random bodies. */
export function patchCommand(): fc.Arbitrary<string[]> {
  const mergeBody = fc.oneof(
    jsonValue(),
    fc.tuple(fc.constantFrom('spec', 'metadata', 'status'), fc.constantFrom(...PATCH_KEYS), jsonValue()).map(([top, key, v]) => ({
      [top]: { [key]: v },
    })),
  );
  const jsonBody = fc.array(
    fc.record({
      op: fc.constantFrom('add', 'replace', 'remove', 'test', 'move', 'copy', 'bogus'),
      path: fc.constantFrom(...PATCH_PATHS),
      value: jsonValue(),
    }),
    { maxLength: 3 },
  );
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...PATCH_TARGETS), fc.constantFrom('strategic', 'merge'), mergeBody)
      .map(([t, type, body]) => ['kubectl', 'patch', t, `--type=${type}`, '-p', JSON.stringify(body)]),
    fc
      .tuple(fc.constantFrom(...PATCH_TARGETS), jsonBody)
      .map(([t, body]) => ['kubectl', 'patch', t, '--type=json', '-p', JSON.stringify(body)]),
    // `kubectl run --overrides` patches the pod it builds, client-side
    fc
      .tuple(fc.nat({ max: 1000 }), mergeBody)
      .map(([n, body]) => ['kubectl', 'run', `r${n}`, '--image=nginx', `--overrides=${JSON.stringify(body)}`]),
  );
}

/** What every fuzz simulation starts with, so commands and patches find objects. */
const SETUP = [
  ['kubectl', 'create', 'deployment', 'd', '--image=nginx', '--replicas=2'],
  ['kubectl', 'run', 'p', '--image=nginx'],
  ['kubectl', 'expose', 'deployment', 'd', '--port=80'],
  ['sleep', '10s'],
];

export interface FuzzCounts {
  inputs: number;
  refused: number;
  escaped: number;
  hangs: number;
  invalidStored: number;
  /** The first failures, for the report (argv and the problem). */
  failures: string[];
}

/** The stored objects that would not decode again, as `kind/name: problem`. */
export function undecodableObjects(sim: Simulation): string[] {
  const out: string[] = [];
  for (const obj of sim.objects()) {
    try {
      const { unknownFields } = decodeObject(obj, obj.apiVersion, obj.kind);
      if (unknownFields.length) out.push(`${obj.kind}/${obj.metadata.name}: unknown fields ${unknownFields.join(', ')}`);
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      out.push(`${obj.kind}/${obj.metadata.name}: ${e.message}`);
    }
  }
  return out;
}

const HANG_MS = 5000;

/**
 * Runs one input on `sim` and checks the invariants, adding to `counts`. `now` reads a wall
 * clock (passed in: the engine itself never reads one).
 */
export function runFuzzInput(
  sim: Simulation,
  argv: string[],
  stdin: string | undefined,
  counts: FuzzCounts,
  now: () => number,
  /** The object a create would make (absent before): must still be absent when refused. */
  refusedCreate?: { kind: string; name: string },
): void {
  counts.inputs++;
  const console = sim.openConsole(() => {});
  const started = now();
  let code: number;
  const fail = (problem: string) => {
    if (counts.failures.length < 20)
      counts.failures.push(`${argv.join(' ')}${stdin ? ` <<< ${stdin.slice(0, 300)}` : ''}\n  ${problem}`);
  };
  try {
    code = console.runArgv(argv, stdin);
    console.runArgv(['sleep', '20s']);
    console.interrupt();
  } catch (e) {
    counts.escaped++;
    fail(`escaped: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`.slice(0, 2000));
    return;
  }
  const took = now() - started;
  if (took > HANG_MS) {
    counts.hangs++;
    fail(`took ${took} ms`);
  }
  if (code !== 0) counts.refused++;
  const bad = undecodableObjects(sim);
  if (bad.length) {
    counts.invalidStored++;
    fail(`stored objects that do not decode: ${bad.slice(0, 3).join('; ')}`);
  }
  if (refusedCreate && code !== 0) {
    const { kind, name } = refusedCreate;
    if (sim.objects().some((o) => o.kind === kind && o.metadata.name === name)) {
      counts.invalidStored++;
      fail('a refused create stored its object');
    }
  }
}

/** Runs `numRuns` manifest cases and as many command lines; a fresh simulation every `perSim` inputs. */
export function fuzz(options: { numRuns: number; seed: number; now: () => number; perSim?: number }): FuzzCounts {
  const counts: FuzzCounts = { inputs: 0, refused: 0, escaped: 0, hangs: 0, invalidStored: 0, failures: [] };
  const perSim = options.perSim ?? 50;
  const fresh = (seed: number) => {
    const created = new Simulation({ seed });
    const console = created.openConsole(() => {});
    for (const argv of SETUP) console.runArgv(argv);
    return created;
  };
  let sim = fresh(options.seed);
  let used = 0;
  const next = () => {
    if (++used >= perSim) {
      sim = fresh(options.seed + counts.inputs);
      used = 0;
    }
    return sim;
  };
  const input = fc.oneof(
    { weight: 5, arbitrary: manifestCase().map((c) => ({ type: 'manifest' as const, c })) },
    { weight: 1, arbitrary: yamlStressText().map((text) => ({ type: 'yaml' as const, text })) },
    { weight: 3, arbitrary: commandLine().map((argv) => ({ type: 'command' as const, argv })) },
    { weight: 2, arbitrary: patchCommand().map((argv) => ({ type: 'command' as const, argv })) },
  );
  fc.assert(
    fc.property(input, (i) => {
      const s = next();
      if (i.type === 'manifest') {
        const argv = ['kubectl', i.c.verb, '-f', '-', ...(i.c.validate ? [`--validate=${i.c.validate}`] : [])];
        const m = i.c.manifest as Record<string, any> | null;
        const kind = m?.kind;
        const name = m?.metadata?.name;
        const target = typeof kind === 'string' && typeof name === 'string' ? { kind, name } : undefined;
        const fresh = target && !s.objects().some((o) => o.kind === target.kind && o.metadata.name === target.name);
        runFuzzInput(s, argv, i.c.text, counts, options.now, fresh ? target : undefined);
      } else if (i.type === 'yaml') {
        runFuzzInput(s, ['kubectl', 'apply', '-f', '-'], i.text, counts, options.now);
      } else {
        runFuzzInput(s, i.argv, undefined, counts, options.now);
      }
    }),
    { numRuns: options.numRuns, seed: options.seed, endOnFailure: true },
  );
  return counts;
}
