import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../k8s/types';
import { defaultPod, defaultPodSpec } from '../defaulting/pod';
import { findQuantityDecodeError } from './resources';
import { podSpecDiff, validatePod, validatePodSpec, validatePodStatusUpdate, validatePodUpdate } from './pod';
import { LABEL_MSG, LABEL_VALUE_MSG, NAME_PART_MSG, SUBDOMAIN_MSG, messages } from './testing';

type Json = Record<string, any>;

/** A pod as a user writes it; tests default it like the server does before validating. */
function rawPod(spec: Json = {}, metadata: Json = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default', ...metadata },
    spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }], ...spec },
  } as Pod;
}

function check(spec: Json, metadata: Json = {}): string[] {
  return messages(validatePod(defaultPod(rawPod(spec, metadata))));
}

const nginx = { name: 'nginx', image: 'nginx:1.27' };

describe('validatePod: containers', () => {
  it.each<[string, Json, string[]]>([
    ['a minimal pod is valid', {}, []],
    ['no containers', { containers: [] }, ['spec.containers: Required value']],
    ['containers missing entirely', { containers: undefined }, ['spec.containers: Required value']],
    ['container name required', { containers: [{ image: 'nginx' }] }, ['spec.containers[0].name: Required value']],
    [
      'container name is a DNS label',
      { containers: [{ name: 'Web_1', image: 'nginx' }] },
      [`spec.containers[0].name: Invalid value: "Web_1": ${LABEL_MSG}`],
    ],
    ['duplicate container names', { containers: [nginx, { ...nginx }] }, ['spec.containers[1].name: Duplicate value: "nginx"']],
    [
      'init container names collide with containers',
      { initContainers: [{ name: 'nginx', image: 'busybox' }] },
      ['spec.initContainers[0].name: Duplicate value: "nginx"'],
    ],
    ['image required', { containers: [{ name: 'nginx' }] }, ['spec.containers[0].image: Required value']],
    [
      'image whitespace',
      { containers: [{ name: 'nginx', image: ' nginx' }] },
      ['spec.containers[0].image: Invalid value: " nginx": must not have leading or trailing whitespace'],
    ],
    [
      'imagePullPolicy',
      { containers: [{ ...nginx, imagePullPolicy: 'Sometimes' }] },
      ['spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"'],
    ],
    [
      'terminationMessagePolicy',
      { containers: [{ ...nginx, terminationMessagePolicy: 'Log' }] },
      [
        'spec.containers[0].terminationMessagePolicy: Unsupported value: "Log": supported values: "File", "FallbackToLogsOnError"',
      ],
    ],
    [
      'restartPolicy on a regular container',
      { containers: [{ ...nginx, restartPolicy: 'Always' }] },
      ['spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers'],
    ],
  ])('%s', (_, spec, want) => {
    expect(check(spec)).toEqual(want);
  });
});

describe('validatePod: ports', () => {
  it.each<[string, Json[], string[]]>([
    ['valid', [{ containerPort: 80, name: 'http' }], []],
    ['containerPort required', [{ name: 'http' }], ['spec.containers[0].ports[0].containerPort: Required value']],
    [
      'containerPort range',
      [{ containerPort: 70000 }],
      ['spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive'],
    ],
    [
      'negative containerPort',
      [{ containerPort: -1 }],
      ['spec.containers[0].ports[0].containerPort: Invalid value: -1: must be between 1 and 65535, inclusive'],
    ],
    [
      'hostPort range',
      [{ containerPort: 80, hostPort: 65536 }],
      ['spec.containers[0].ports[0].hostPort: Invalid value: 65536: must be between 1 and 65535, inclusive'],
    ],
    [
      'protocol',
      [{ containerPort: 80, protocol: 'HTTP' }],
      ['spec.containers[0].ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"'],
    ],
    [
      'port name rules',
      [{ containerPort: 80, name: 'Http-Port-Name-Too-Long' }],
      [
        'spec.containers[0].ports[0].name: Invalid value: "Http-Port-Name-Too-Long": must be no more than 15 bytes',
        'spec.containers[0].ports[0].name: Invalid value: "Http-Port-Name-Too-Long": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
      ],
    ],
    [
      'port name needs a letter',
      [{ containerPort: 80, name: '8080' }],
      ['spec.containers[0].ports[0].name: Invalid value: "8080": must contain at least one letter (a-z)'],
    ],
    [
      'port name hyphens',
      [{ containerPort: 80, name: '-a--b' }],
      [
        'spec.containers[0].ports[0].name: Invalid value: "-a--b": must not contain consecutive hyphens',
        'spec.containers[0].ports[0].name: Invalid value: "-a--b": must not begin or end with a hyphen',
      ],
    ],
    [
      'duplicate port names',
      [
        { containerPort: 80, name: 'http' },
        { containerPort: 81, name: 'http' },
      ],
      ['spec.containers[0].ports[1].name: Duplicate value: "http"'],
    ],
    [
      'duplicate host ports',
      [
        { containerPort: 80, hostPort: 8080 },
        { containerPort: 81, hostPort: 8080 },
      ],
      ['spec.containers[0].ports[1].hostPort: Duplicate value: "TCP//8080"'],
    ],
  ])('%s', (_, ports, want) => {
    expect(check({ containers: [{ ...nginx, ports }] })).toEqual(want);
  });

  it('hostNetwork pods default hostPort to containerPort, and a different one is refused', () => {
    expect(check({ hostNetwork: true, containers: [{ ...nginx, ports: [{ containerPort: 80 }] }] })).toEqual([]);
    expect(check({ hostNetwork: true, containers: [{ ...nginx, ports: [{ containerPort: 80, hostPort: 81 }] }] })).toEqual([
      'spec.containers[0].ports[0].hostPort: Invalid value: 81: must match `containerPort` when `hostNetwork` is true',
    ]);
  });
});

describe('validatePod: env', () => {
  it.each<[string, Json[], string[]]>([
    ['valid (relaxed names allow dashes, dots, leading digits)', [{ name: '1-my.VAR', value: 'x' }], []],
    ['name required', [{ value: 'x' }], ['spec.containers[0].env[0].name: Required value']],
    [
      "'=' not allowed",
      [{ name: 'A=B' }],
      [
        'spec.containers[0].env[0].name: Invalid value: "A=B": a valid environment variable name must consist only of printable ASCII characters other than \'=\'',
      ],
    ],
    ['valueFrom fieldRef', [{ name: 'NODE', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } }], []],
    [
      'valueFrom fieldRef unsupported for env',
      [{ name: 'PHASE', valueFrom: { fieldRef: { fieldPath: 'status.phase' } } }],
      [
        'spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Unsupported value: "status.phase": supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"',
      ],
    ],
    [
      'valueFrom fieldRef unknown label',
      [{ name: 'X', valueFrom: { fieldRef: { fieldPath: 'spec.foo' } } }],
      [
        'spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: "spec.foo": error converting fieldPath: field label not supported: spec.foo',
      ],
    ],
    ['labels subscript', [{ name: 'APP', valueFrom: { fieldRef: { fieldPath: "metadata.labels['app']" } } }], []],
    [
      'value and valueFrom',
      [{ name: 'A', value: 'x', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }],
      ['spec.containers[0].env[0].valueFrom: Invalid value: "": may not be specified when `value` is not empty'],
    ],
    [
      'empty valueFrom',
      [{ name: 'A', valueFrom: {} }],
      [
        'spec.containers[0].env[0].valueFrom: Invalid value: "": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`',
      ],
    ],
    [
      'configMapKeyRef key required',
      [{ name: 'A', valueFrom: { configMapKeyRef: { name: 'cm' } } }],
      ['spec.containers[0].env[0].valueFrom.configMapKeyRef.key: Required value'],
    ],
  ])('%s', (_, env, want) => {
    expect(check({ containers: [{ ...nginx, env }] })).toEqual(want);
  });
});

describe('validatePod: resources', () => {
  it.each<[string, Json, string[]]>([
    ['valid', { requests: { cpu: '250m', memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } }, []],
    ['limits only (requests default to limits)', { limits: { cpu: '1', memory: '1Gi' } }, []],
    [
      'requests above limits',
      { requests: { cpu: '2' }, limits: { cpu: '1' } },
      ['spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1'],
    ],
    [
      'memory request above limit (canonical quantities)',
      { requests: { memory: '1.5Gi' }, limits: { memory: '1Gi' } },
      ['spec.containers[0].resources.requests: Invalid value: "1536Mi": must be less than or equal to memory limit of 1Gi'],
    ],
    [
      'negative',
      { requests: { cpu: '-1' } },
      ['spec.containers[0].resources.requests[cpu]: Invalid value: "-1": must be greater than or equal to 0'],
    ],
    [
      'unknown resource',
      { limits: { gpu: '1' } },
      [
        'spec.containers[0].resources.limits[gpu]: Invalid value: "gpu": must be a standard resource type or fully qualified',
        'spec.containers[0].resources.limits[gpu]: Invalid value: "gpu": must be a standard resource for containers',
        'spec.containers[0].resources.requests[gpu]: Invalid value: "gpu": must be a standard resource type or fully qualified',
        'spec.containers[0].resources.requests[gpu]: Invalid value: "gpu": must be a standard resource for containers',
      ],
    ],
    [
      'extended resources are integers',
      { limits: { 'nvidia.com/gpu': '500m' } },
      [
        'spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: "500m": must be an integer',
        'spec.containers[0].resources.requests[nvidia.com/gpu]: Invalid value: "500m": must be an integer',
      ],
    ],
    [
      'extended resources cannot overcommit',
      { requests: { 'example.com/foo': '1' }, limits: { 'example.com/foo': '2' } },
      ['spec.containers[0].resources.requests: Invalid value: "1": must be equal to example.com/foo limit of 2'],
    ],
    [
      'extended resource request needs a limit',
      { requests: { 'example.com/foo': '1' } },
      ['spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources'],
    ],
    [
      'hugepages need cpu or memory',
      { limits: { 'hugepages-2Mi': '2Mi' } },
      ['spec.containers[0].resources: Forbidden: HugePages require cpu or memory'],
    ],
  ])('%s', (_, resources, want) => {
    expect(check({ containers: [{ ...nginx, resources }] })).toEqual(want);
  });

  it('malformed quantities are a decode error, not a validation error', () => {
    const spec = { containers: [{ ...nginx, resources: { limits: { cpu: 'lots' } } }] };
    expect(findQuantityDecodeError(spec)).toBe(
      "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
    );
    expect(findQuantityDecodeError({ containers: [{ ...nginx, resources: { limits: { cpu: '1' } } }] })).toBeUndefined();
  });
});

describe('validatePod: probes and lifecycle', () => {
  const http = { httpGet: { port: 8080 } };
  it.each<[string, Json, string[]]>([
    [
      'valid probes',
      { livenessProbe: http, readinessProbe: { tcpSocket: { port: 'http' } }, startupProbe: { exec: { command: ['true'] } } },
      [],
    ],
    [
      'no handler',
      { livenessProbe: { periodSeconds: 5 } },
      ['spec.containers[0].livenessProbe: Required value: must specify a handler type'],
    ],
    [
      'two handlers',
      { readinessProbe: { httpGet: { port: 80 }, tcpSocket: { port: 80 } } },
      ['spec.containers[0].readinessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type'],
    ],
    [
      'negative timings',
      { readinessProbe: { ...http, initialDelaySeconds: -1, periodSeconds: -5 } },
      [
        'spec.containers[0].readinessProbe.initialDelaySeconds: Invalid value: -1: must be greater than or equal to 0',
        'spec.containers[0].readinessProbe.periodSeconds: Invalid value: -5: must be greater than or equal to 0',
      ],
    ],
    [
      'liveness successThreshold must be 1',
      { livenessProbe: { ...http, successThreshold: 2 } },
      ['spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1'],
    ],
    [
      'startup successThreshold must be 1',
      { startupProbe: { ...http, successThreshold: 3 } },
      ['spec.containers[0].startupProbe.successThreshold: Invalid value: 3: must be 1'],
    ],
    [
      'readiness probe grace period',
      { readinessProbe: { ...http, terminationGracePeriodSeconds: 10 } },
      ['spec.containers[0].readinessProbe.terminationGracePeriodSeconds: Invalid value: 10: must not be set for readinessProbes'],
    ],
    [
      'liveness probe grace period must be positive',
      { livenessProbe: { ...http, terminationGracePeriodSeconds: 0 } },
      ['spec.containers[0].livenessProbe.terminationGracePeriodSeconds: Invalid value: 0: must be greater than 0'],
    ],
    [
      'probe port range',
      { livenessProbe: { httpGet: { port: 0 } } },
      ['spec.containers[0].livenessProbe.httpGet.port: Invalid value: 0: must be between 1 and 65535, inclusive'],
    ],
    [
      'probe named port',
      { livenessProbe: { httpGet: { port: 'HTTP' } } },
      [
        'spec.containers[0].livenessProbe.httpGet.port: Invalid value: "HTTP": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
        'spec.containers[0].livenessProbe.httpGet.port: Invalid value: "HTTP": must contain at least one letter (a-z)',
      ],
    ],
    [
      'probe scheme',
      { livenessProbe: { httpGet: { port: 80, scheme: 'FTP' } } },
      ['spec.containers[0].livenessProbe.httpGet.scheme: Unsupported value: "FTP": supported values: "HTTP", "HTTPS"'],
    ],
    ['exec command required', { livenessProbe: { exec: {} } }, ['spec.containers[0].livenessProbe.exec.command: Required value']],
    [
      'preStop sleep longer than the grace period',
      { lifecycle: { preStop: { sleep: { seconds: 60 } } } },
      [
        'spec.containers[0].lifecycle.preStop.sleep: Invalid value: 60: must be non-negative and less than terminationGracePeriodSeconds (30)',
      ],
    ],
  ])('%s', (_, extra, want) => {
    expect(check({ containers: [{ ...nginx, ...extra }] })).toEqual(want);
  });
});

describe('validatePod: init containers', () => {
  const init = { name: 'init', image: 'busybox' };
  it.each<[string, Json, string[]]>([
    ['plain init container', {}, []],
    [
      'probes need restartPolicy Always',
      { readinessProbe: { exec: { command: ['true'] } }, lifecycle: { postStart: { exec: { command: ['x'] } } } },
      [
        'spec.initContainers[0].lifecycle: Forbidden: may not be set for init containers without restartPolicy=Always',
        'spec.initContainers[0].readinessProbe: Forbidden: may not be set for init containers without restartPolicy=Always',
      ],
    ],
    ['sidecar may have probes', { restartPolicy: 'Always', readinessProbe: { exec: { command: ['true'] } } }, []],
    [
      'only Always is supported',
      { restartPolicy: 'OnFailure' },
      ['spec.initContainers[0].restartPolicy: Unsupported value: "OnFailure": supported values: "Always"'],
    ],
    [
      'host port conflicts are per init container (index always 0)',
      {
        ports: [
          { containerPort: 1, hostPort: 9 },
          { containerPort: 2, hostPort: 9 },
        ],
      },
      ['spec.initContainers[0].ports[1].hostPort: Duplicate value: "TCP//9"'],
    ],
  ])('%s', (_, extra, want) => {
    expect(
      check({
        initContainers: [
          { name: 'first', image: 'busybox' },
          { ...init, ...extra },
        ],
      }).map((m) => m.replace('initContainers[1]', 'initContainers[0]')),
    ).toEqual(want);
  });

  it('duplicate init container names', () => {
    expect(check({ initContainers: [init, init] })).toEqual(['spec.initContainers[1].name: Duplicate value: "init"']);
  });
});

describe('validatePod: pod-level fields', () => {
  it.each<[string, Json, string[]]>([
    [
      'restartPolicy',
      { restartPolicy: 'Sometimes' },
      ['spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"'],
    ],
    [
      'dnsPolicy',
      { dnsPolicy: 'Custom' },
      [
        'spec.dnsPolicy: Unsupported value: "Custom": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"',
      ],
    ],
    [
      'dnsPolicy None needs dnsConfig',
      { dnsPolicy: 'None' },
      ['spec.dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None'],
    ],
    [
      'terminationGracePeriodSeconds is not range checked (negative is mapped to 1 on delete)',
      { terminationGracePeriodSeconds: -5 },
      [],
    ],
    [
      'activeDeadlineSeconds',
      { activeDeadlineSeconds: 0 },
      ['spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive'],
    ],
    ['nodeName', { nodeName: 'Node_1' }, [`spec.nodeName: Invalid value: "Node_1": ${SUBDOMAIN_MSG}`]],
    [
      'serviceAccountName',
      { serviceAccountName: 'My SA' },
      [`spec.serviceAccountName: Invalid value: "My SA": ${SUBDOMAIN_MSG}`],
    ],
    ['hostname', { hostname: 'a.b' }, ['spec.hostname: Invalid value: "a.b": must not contain dots']],
    [
      'nodeSelector',
      { nodeSelector: { disktype: 'ssd drive' } },
      [`spec.nodeSelector: Invalid value: "ssd drive": ${LABEL_VALUE_MSG}`],
    ],
    ['priorityClassName', { priorityClassName: 'High' }, [`spec.priorityClassName: Invalid value: "High": ${SUBDOMAIN_MSG}`]],
    [
      'preemptionPolicy',
      { preemptionPolicy: 'Always' },
      ['spec.preemptionPolicy: Unsupported value: "Always": supported values: "PreemptLowerPriority", "Never"'],
    ],
    ['os', { os: { name: 'plan9' } }, ['spec.os: Unsupported value: "plan9": supported values: "linux", "windows"']],
    [
      'schedulingGates',
      { schedulingGates: [{ name: 'example.com/a' }, { name: 'example.com/a' }] },
      ['spec.schedulingGates[1]: Duplicate value: "example.com/a"'],
    ],
    [
      'nodeName with schedulingGates',
      { nodeName: 'n1', schedulingGates: [{ name: 'gate' }] },
      ['spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared'],
    ],
    [
      'runAsUser range',
      { securityContext: { runAsUser: -1 } },
      ['spec.securityContext.runAsUser: Invalid value: -1: must be between 0 and 4294967295, inclusive'],
    ],
    [
      'topology spread',
      { topologySpreadConstraints: [{ maxSkew: 0, topologyKey: '', whenUnsatisfiable: 'Maybe' }] },
      [
        'spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero',
        'spec.topologySpreadConstraints[0].topologyKey: Required value: can not be empty',
        'spec.topologySpreadConstraints[0].whenUnsatisfiable: Unsupported value: "Maybe": supported values: "DoNotSchedule", "ScheduleAnyway"',
      ],
    ],
    [
      'duplicate topology spread',
      {
        topologySpreadConstraints: [
          { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' },
          { maxSkew: 2, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' },
        ],
      },
      ['spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, DoNotSchedule}"'],
    ],
    [
      'required node affinity',
      { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } } },
      [
        'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Required value: must have at least one node selector term',
      ],
    ],
    [
      'node affinity operator',
      {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'Equals', values: ['a'] }] }],
            },
          },
        },
      },
      [
        'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: "Equals": not a valid selector operator',
      ],
    ],
    [
      'pod anti-affinity needs a topologyKey',
      {
        affinity: {
          podAntiAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } } }],
          },
        },
      },
      [
        'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty',
        `spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: "": name part must be non-empty`,
        `spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: "": ${NAME_PART_MSG}`,
      ],
    ],
  ])('%s', (_, spec, want) => {
    expect(check(spec)).toEqual(want);
  });
});

describe('validatePod: tolerations', () => {
  it.each<[string, Json, string[]]>([
    ['valid', { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }, []],
    ['match everything', { operator: 'Exists' }, []],
    [
      'empty key needs Exists',
      { operator: 'Equal', value: 'x' },
      [
        'spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"',
      ],
    ],
    [
      'tolerationSeconds only with NoExecute',
      { key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 30 },
      ['spec.tolerations[0].effect: Invalid value: "NoSchedule": effect must be \'NoExecute\' when `tolerationSeconds` is set'],
    ],
    [
      'Exists with a value',
      { key: 'k', operator: 'Exists', value: 'v' },
      ['spec.tolerations[0].operator: Invalid value: "v": value must be empty when `operator` is \'Exists\''],
    ],
    [
      'operator',
      { key: 'k', operator: 'In' },
      ['spec.tolerations[0].operator: Unsupported value: "In": supported values: "Equal", "Exists"'],
    ],
    [
      'effect',
      { key: 'k', operator: 'Exists', effect: 'NoRun' },
      ['spec.tolerations[0].effect: Unsupported value: "NoRun": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"'],
    ],
    ['key', { key: 'bad key', operator: 'Exists' }, [`spec.tolerations[0].key: Invalid value: "bad key": ${NAME_PART_MSG}`]],
  ])('%s', (_, toleration, want) => {
    expect(check({ tolerations: [toleration] })).toEqual(want);
  });
});

describe('validatePod: volumes', () => {
  it.each<[string, Json, string[]]>([
    [
      'emptyDir and mounts',
      {
        volumes: [{ name: 'data', emptyDir: {} }],
        containers: [{ ...nginx, volumeMounts: [{ name: 'data', mountPath: '/data' }] }],
      },
      [],
    ],
    ['a volume with no source becomes emptyDir', { volumes: [{ name: 'data' }] }, []],
    ['volume name', { volumes: [{ name: 'Data', emptyDir: {} }] }, [`spec.volumes[0].name: Invalid value: "Data": ${LABEL_MSG}`]],
    [
      'duplicate volume',
      {
        volumes: [
          { name: 'd', emptyDir: {} },
          { name: 'd', emptyDir: {} },
        ],
      },
      ['spec.volumes[1].name: Duplicate value: "d"'],
    ],
    [
      'two sources',
      { volumes: [{ name: 'd', emptyDir: {}, configMap: { name: 'cm' } }] },
      ['spec.volumes[0].configMap: Forbidden: may not specify more than 1 volume type'],
    ],
    ['configMap name', { volumes: [{ name: 'd', configMap: {} }] }, ['spec.volumes[0].configMap.name: Required value']],
    ['secretName', { volumes: [{ name: 'd', secret: {} }] }, ['spec.volumes[0].secret.secretName: Required value']],
    [
      'claimName',
      { volumes: [{ name: 'd', persistentVolumeClaim: {} }] },
      ['spec.volumes[0].persistentVolumeClaim.claimName: Required value'],
    ],
    [
      'hostPath type',
      { volumes: [{ name: 'd', hostPath: { path: '/var', type: 'Dir' } }] },
      [
        'spec.volumes[0].hostPath.type: Unsupported value: "Dir": supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"',
      ],
    ],
    [
      'mount of an unknown volume',
      { containers: [{ ...nginx, volumeMounts: [{ name: 'missing', mountPath: '/m' }] }] },
      ['spec.containers[0].volumeMounts[0].name: Not found: "missing"'],
    ],
    [
      'mountPath required and unique',
      {
        volumes: [{ name: 'a', emptyDir: {} }],
        containers: [{ ...nginx, volumeMounts: [{ name: 'a' }, { name: 'a', mountPath: '/x' }, { name: 'a', mountPath: '/x' }] }],
      },
      [
        'spec.containers[0].volumeMounts[0].mountPath: Required value',
        'spec.containers[0].volumeMounts[2].mountPath: Invalid value: "/x": must be unique',
      ],
    ],
    [
      'subPath must stay inside',
      {
        volumes: [{ name: 'a', emptyDir: {} }],
        containers: [{ ...nginx, volumeMounts: [{ name: 'a', mountPath: '/x', subPath: '../etc' }] }],
      },
      ['spec.containers[0].volumeMounts.subPath: Invalid value: "../etc": must not contain \'..\''],
    ],
    [
      'invalid volumes are not mountable',
      { volumes: [{ name: 'a', configMap: {} }], containers: [{ ...nginx, volumeMounts: [{ name: 'a', mountPath: '/x' }] }] },
      ['spec.volumes[0].configMap.name: Required value', 'spec.containers[0].volumeMounts[0].name: Not found: "a"'],
    ],
  ])('%s', (_, spec, want) => {
    expect(check(spec)).toEqual(want);
  });
});

describe('validatePod: metadata and annotations', () => {
  it.each<[string, Json, string[]]>([
    ['bad pod name', { name: 'My_Pod' }, [`metadata.name: Invalid value: "My_Pod": ${SUBDOMAIN_MSG}`]],
    [
      'mirror pod needs nodeName',
      { annotations: { 'kubernetes.io/config.mirror': 'x' } },
      [
        'metadata.annotations[kubernetes.io/config.mirror]: Invalid value: "x": must set spec.nodeName if mirror pod annotation is set',
      ],
    ],
    [
      'deletion cost',
      { annotations: { 'controller.kubernetes.io/pod-deletion-cost': '+1' } },
      ['metadata.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: "+1": must be a 32bit integer'],
    ],
    ['deletion cost ok', { annotations: { 'controller.kubernetes.io/pod-deletion-cost': '-100' } }, []],
  ])('%s', (_, metadata, want) => {
    expect(check({}, metadata)).toEqual(want);
  });

  it('ephemeral containers cannot be set on create', () => {
    expect(check({ ephemeralContainers: [{ name: 'debug', image: 'busybox' }] })).toEqual([
      'spec.ephemeralContainers: Forbidden: cannot be set on create',
    ]);
  });
});

describe('validatePodSpec for templates', () => {
  it('reports under the given path and allows unset hostPort with hostNetwork', () => {
    const spec = defaultPodSpec({
      hostNetwork: true,
      containers: [
        { name: 'c', image: 'x', ports: [{ containerPort: 80 }] },
        { name: 'c', image: 'x' },
      ],
    } as never);
    expect(messages(validatePodSpec(spec, 'spec.template.spec'))).toEqual([
      'spec.template.spec.containers[1].name: Duplicate value: "c"',
    ]);
  });
});

describe('validatePodUpdate', () => {
  const base = defaultPod(
    rawPod(
      { tolerations: [{ key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }] },
      { uid: 'u1', resourceVersion: '1' },
    ),
  );
  const withSpec = (spec: Json): Pod => ({ ...base, spec: { ...base.spec, ...spec } }) as Pod;

  it.each<[string, Json, string[]]>([
    ['image change is allowed', { containers: [{ ...base.spec.containers[0], image: 'nginx:1.28' }] }, []],
    ['activeDeadlineSeconds may be set', { activeDeadlineSeconds: 100 }, []],
    ['tolerations may be added', { tolerations: [...(base.spec.tolerations ?? []), { key: 'b', operator: 'Exists' }] }, []],
    [
      'tolerationSeconds may change',
      { tolerations: [{ key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 }] },
      [],
    ],
    [
      'tolerations may not be removed',
      { tolerations: [] },
      ['spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds'],
    ],
    [
      'containers may not be added',
      { containers: [...base.spec.containers, { ...base.spec.containers[0], name: 'two' }] },
      ['spec.containers: Forbidden: pod updates may not add or remove containers'],
    ],
    [
      'image may not be emptied',
      { containers: [{ ...base.spec.containers[0], image: '' }] },
      ['spec.containers[0].image: Required value', 'spec.containers[0].image: Required value'],
    ],
  ])('%s', (_, spec, want) => {
    expect(messages(validatePodUpdate(withSpec(spec), base))).toEqual(want);
  });

  it('activeDeadlineSeconds may only shrink', () => {
    const old = withSpec({ activeDeadlineSeconds: 100 });
    expect(messages(validatePodUpdate(withSpec({ activeDeadlineSeconds: 200 }), old))).toEqual([
      'spec.activeDeadlineSeconds: Invalid value: 200: must be less than or equal to previous value',
    ]);
    expect(messages(validatePodUpdate(withSpec({ activeDeadlineSeconds: undefined }), old))).toEqual([
      'spec.activeDeadlineSeconds: Invalid value: null: must not update from a positive integer to nil value',
    ]);
  });

  it('other spec changes are forbidden with the list of updatable fields', () => {
    const errs = validatePodUpdate(withSpec({ nodeSelector: { disk: 'ssd' } }), base);
    expect(errs).toHaveLength(1);
    expect(messages(errs)[0]).toBe(
      'spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n' +
        podSpecDiff(base.spec as never, { ...base.spec, nodeSelector: { disk: 'ssd' } }),
    );
    expect(podSpecDiff({ a: 1, nodeSelector: undefined }, { a: 1, nodeSelector: { disk: 'ssd' } })).toBe(
      '  core.PodSpec{\n  \t... // 1 identical field\n+ \tNodeSelector: {"disk":"ssd"},\n  }\n',
    );
  });

  it('metadata immutability comes first (common and pod checks both report it)', () => {
    const changed = { ...base, metadata: { ...base.metadata, uid: 'u2' } } as Pod;
    expect(messages(validatePodUpdate(changed, base))).toEqual([
      'metadata.uid: Invalid value: "u2": field is immutable',
      'metadata.uid: Invalid value: "u2": field is immutable',
    ]);
  });
});

describe('validatePodStatusUpdate', () => {
  const base = defaultPod(rawPod({ restartPolicy: 'Never' }, { uid: 'u1', resourceVersion: '1' }));
  const terminated = { name: 'nginx', state: { terminated: { exitCode: 0 } } };
  const running = { name: 'nginx', state: { running: {} } };
  it.each<[string, Json, Json, string[]]>([
    ['phase change', { phase: 'Running' }, { phase: 'Pending' }, []],
    [
      'custom condition types are qualified names',
      { conditions: [{ type: 'bad type', status: 'True' }] },
      {},
      [`metadata.conditions[0].Type: Invalid value: "bad type": ${NAME_PART_MSG}`],
    ],
    [
      'terminated containers stay terminated when restartPolicy is Never',
      { containerStatuses: [running] },
      { containerStatuses: [terminated] },
      ['status.containerStatuses[0].state: Forbidden: may not be transitioned to non-terminated state'],
    ],
    [
      'qosClass is immutable',
      { qosClass: 'Guaranteed' },
      { qosClass: 'BestEffort' },
      ['status.qosClass: Invalid value: "Guaranteed": field is immutable'],
    ],
    [
      'podIPs',
      { podIPs: [{ ip: '10.0.0.300' }] },
      {},
      ['status.podIPs[0]: Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'],
    ],
    [
      'two IPv4 podIPs',
      { podIPs: [{ ip: '10.0.0.1' }, { ip: '10.0.0.1' }] },
      {},
      [
        'status.podIPs: Invalid value: [{"IP":"10.0.0.1"},{"IP":"10.0.0.1"}]: may specify no more than one IP for each IP family',
        'status.podIPs[1]: Duplicate value: {"IP":"10.0.0.1"}',
      ],
    ],
    ['dual stack podIPs', { podIPs: [{ ip: '10.0.0.1' }, { ip: 'fd00::1' }] }, {}, []],
    ['unchanged podIPs', { podIPs: [{ ip: '10.0.0.1' }] }, { podIPs: [{ ip: '10.0.0.1' }] }, []],
    [
      'a changed podIP is checked',
      { podIPs: [{ ip: '10.0.0.300' }] },
      { podIPs: [{ ip: '10.0.0.1' }] },
      ['status.podIPs[0]: Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'],
    ],
    [
      'unchanged hostIPs are checked against a changed hostIP',
      { hostIP: '10.0.0.2', hostIPs: [{ ip: '10.0.0.1' }] },
      { hostIP: '10.0.0.1', hostIPs: [{ ip: '10.0.0.1' }] },
      ['status.hostIPs[0].ip: Invalid value: "10.0.0.1": must be equal to `hostIP`'],
    ],
  ])('%s', (_, status, oldStatus, want) => {
    const n = { ...base, status } as Pod;
    const o = { ...base, status: oldStatus } as Pod;
    expect(messages(validatePodStatusUpdate(n, o))).toEqual(want);
  });
});
