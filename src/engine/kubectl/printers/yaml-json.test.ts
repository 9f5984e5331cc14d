import { describe, expect, it } from 'vitest';
import {
  formatGoFloatG,
  goJsonMarshal,
  goJsonString,
  kubectlList,
  toKubectlJson,
  toKubectlYaml,
  yamlKeyLess,
  yamlPlainIsString,
} from './yaml-json';

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    creationTimestamp: '2026-01-01T00:00:00Z',
    labels: { run: 'nginx' },
    name: 'nginx',
    namespace: 'default',
    resourceVersion: '1234',
    uid: '0b3c3f0e-6f1e-4d3c-9a57-4f5c2d6e8a11',
  },
  spec: {
    containers: [
      {
        image: 'nginx',
        imagePullPolicy: 'Always',
        name: 'nginx',
        ports: [{ containerPort: 80, protocol: 'TCP' }],
        resources: {},
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
        volumeMounts: [
          {
            mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
            name: 'kube-api-access-7xk2p',
            readOnly: true,
          },
        ],
      },
    ],
    dnsPolicy: 'ClusterFirst',
    enableServiceLinks: true,
    nodeName: 'kind-worker',
    preemptionPolicy: 'PreemptLowerPriority',
    priority: 0,
    restartPolicy: 'Always',
    schedulerName: 'default-scheduler',
    securityContext: {},
    serviceAccountName: 'default',
    terminationGracePeriodSeconds: 30,
    tolerations: [{ effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists', tolerationSeconds: 300 }],
  },
  status: {
    conditions: [
      {
        lastProbeTime: null,
        lastTransitionTime: '2026-01-01T00:00:05Z',
        status: 'True',
        type: 'Ready',
      },
    ],
    hostIP: '172.18.0.3',
    phase: 'Running',
    podIP: '10.244.1.5',
    podIPs: [{ ip: '10.244.1.5' }],
    qosClass: 'BestEffort',
    startTime: '2026-01-01T00:00:00Z',
  },
};

const podYaml = `apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: "2026-01-01T00:00:00Z"
  labels:
    run: nginx
  name: nginx
  namespace: default
  resourceVersion: "1234"
  uid: 0b3c3f0e-6f1e-4d3c-9a57-4f5c2d6e8a11
spec:
  containers:
  - image: nginx
    imagePullPolicy: Always
    name: nginx
    ports:
    - containerPort: 80
      protocol: TCP
    resources: {}
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-7xk2p
      readOnly: true
  dnsPolicy: ClusterFirst
  enableServiceLinks: true
  nodeName: kind-worker
  preemptionPolicy: PreemptLowerPriority
  priority: 0
  restartPolicy: Always
  schedulerName: default-scheduler
  securityContext: {}
  serviceAccountName: default
  terminationGracePeriodSeconds: 30
  tolerations:
  - effect: NoExecute
    key: node.kubernetes.io/not-ready
    operator: Exists
    tolerationSeconds: 300
status:
  conditions:
  - lastProbeTime: null
    lastTransitionTime: "2026-01-01T00:00:05Z"
    status: "True"
    type: Ready
  hostIP: 172.18.0.3
  phase: Running
  podIP: 10.244.1.5
  podIPs:
  - ip: 10.244.1.5
  qosClass: BestEffort
  startTime: "2026-01-01T00:00:00Z"
`;

describe('toKubectlYaml', () => {
  it('prints a Pod like kubectl get pod -o yaml', () => {
    expect(toKubectlYaml(pod)).toBe(podYaml);
  });

  it('prints a Node: label keys in go-yaml order, quantities plain, numbers-as-strings quoted', () => {
    const node = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        annotations: { 'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true' },
        labels: {
          'beta.kubernetes.io/arch': 'amd64',
          'kubernetes.io/hostname': 'kind-control-plane',
          'node-role.kubernetes.io/control-plane': '',
          'node.kubernetes.io/exclude-from-external-load-balancers': '',
        },
        name: 'kind-control-plane',
      },
      spec: {
        podCIDR: '10.244.0.0/24',
        podCIDRs: ['10.244.0.0/24'],
        taints: [{ effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' }],
      },
      status: {
        allocatable: { cpu: '8', 'ephemeral-storage': '102626232Ki', memory: '16273460Ki', pods: '110' },
        nodeInfo: { kubeletVersion: 'v1.29.2', operatingSystem: 'linux' },
      },
    };
    expect(toKubectlYaml(node)).toBe(`apiVersion: v1
kind: Node
metadata:
  annotations:
    node.alpha.kubernetes.io/ttl: "0"
    volumes.kubernetes.io/controller-managed-attach-detach: "true"
  labels:
    beta.kubernetes.io/arch: amd64
    kubernetes.io/hostname: kind-control-plane
    node-role.kubernetes.io/control-plane: ""
    node.kubernetes.io/exclude-from-external-load-balancers: ""
  name: kind-control-plane
spec:
  podCIDR: 10.244.0.0/24
  podCIDRs:
  - 10.244.0.0/24
  taints:
  - effect: NoSchedule
    key: node-role.kubernetes.io/control-plane
status:
  allocatable:
    cpu: "8"
    ephemeral-storage: 102626232Ki
    memory: 16273460Ki
    pods: "110"
  nodeInfo:
    kubeletVersion: v1.29.2
    operatingSystem: linux
`);
  });

  it('prints the empty List kubectl get -o yaml shows when nothing matched', () => {
    expect(toKubectlYaml(kubectlList([]))).toBe('apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""\n');
  });

  it('keeps last-applied-configuration as a literal block', () => {
    const obj = {
      metadata: {
        annotations: {
          'kubectl.kubernetes.io/last-applied-configuration': '{"apiVersion":"v1","kind":"ConfigMap"}\n',
        },
      },
    };
    expect(toKubectlYaml(obj)).toBe(
      'metadata:\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: |\n' +
        '      {"apiVersion":"v1","kind":"ConfigMap"}\n',
    );
  });

  it.each<[string, unknown, string]>([
    // plain
    ['word', 'nginx', 'k: nginx\n'],
    ['quantity', '10Gi', 'k: 10Gi\n'],
    ['millicores', '500m', 'k: 500m\n'],
    ['version-like', '1.2.3', 'k: 1.2.3\n'],
    ['IP', '10.0.0.1', 'k: 10.0.0.1\n'],
    ['dash inside', '-x', 'k: -x\n'],
    ['colon without space', 'a:b', 'k: a:b\n'],
    ['image with tag', 'nginx:1.25', 'k: nginx:1.25\n'],
    ['port mapping', '8080:80', 'k: 8080:80\n'],
    ['hash inside a word', 'a#b', 'k: a#b\n'],
    ['apostrophe inside', "it's", "k: it's\n"],
    ['question mark first', '?x', 'k: ?x\n'],
    ['colon first', ':x', 'k: :x\n'],
    ['unicode letters', 'héllo wörld', 'k: héllo wörld\n'],
    ['timestamp without zone is a string', '2026-01-01T00:00:00', 'k: 2026-01-01T00:00:00\n'],
    ['merge key', '<<', 'k: <<\n'],
    // double-quoted because plain would read back as another type
    ['int', '80', 'k: "80"\n'],
    ['negative int', '-1', 'k: "-1"\n'],
    ['signed int', '+1', 'k: "+1"\n'],
    ['float', '1.5', 'k: "1.5"\n'],
    ['exponent', '1e3', 'k: "1e3"\n'],
    ['leading-dot float', '.5', 'k: ".5"\n'],
    ['hex', '0x1F', 'k: "0x1F"\n'],
    ['octal-looking', '08', 'k: "08"\n'],
    ['underscores', '1_000', 'k: "1_000"\n'],
    ['true', 'true', 'k: "true"\n'],
    ['False', 'False', 'k: "False"\n'],
    ['yes', 'yes', 'k: "yes"\n'],
    ['y', 'y', 'k: "y"\n'],
    ['N', 'N', 'k: "N"\n'],
    ['on', 'on', 'k: "on"\n'],
    ['off', 'OFF', 'k: "OFF"\n'],
    ['null word', 'null', 'k: "null"\n'],
    ['tilde', '~', 'k: "~"\n'],
    ['empty', '', 'k: ""\n'],
    ['.inf', '.inf', 'k: ".inf"\n'],
    ['RFC3339 timestamp', '2026-01-01T00:00:00Z', 'k: "2026-01-01T00:00:00Z"\n'],
    ['timestamp with offset', '2026-01-01T10:00:00+02:00', 'k: "2026-01-01T10:00:00+02:00"\n'],
    ['timestamp with fraction', '2026-01-01T00:00:00.123456Z', 'k: "2026-01-01T00:00:00.123456Z"\n'],
    ['date', '2026-01-01', 'k: "2026-01-01"\n'],
    ['base-60', '1:20', 'k: "1:20"\n'],
    // single-quoted because plain is not allowed syntactically
    ['star', '*', "k: '*'\n"],
    ['anchor-like', '&a', "k: '&a'\n"],
    ['dash space', '- x', "k: '- x'\n"],
    ['lone dash', '-', "k: '-'\n"],
    ['colon space', 'a: b', "k: 'a: b'\n"],
    ['trailing colon', 'a:', "k: 'a:'\n"],
    ['space hash', 'a #b', "k: 'a #b'\n"],
    ['leading space', ' lead', "k: ' lead'\n"],
    ['trailing space', 'trail ', "k: 'trail '\n"],
    ['quotes doubled', "'quoted'", "k: '''quoted'''\n"],
    ['double quote first', '"dq"', `k: '"dq"'\n`],
    ['at', '@x', "k: '@x'\n"],
    ['percent', '%x', "k: '%x'\n"],
    ['backquote', '`x', "k: '`x'\n"],
    ['bang', '!x', "k: '!x'\n"],
    ['pipe', '|x', "k: '|x'\n"],
    ['gt', '>x', "k: '>x'\n"],
    ['flow seq', '[x]', "k: '[x]'\n"],
    ['flow map', '{x}', "k: '{x}'\n"],
    ['comma first', ',x', "k: ',x'\n"],
    ['document marker', '---', "k: '---'\n"],
    ['document end', '...', "k: '...'\n"],
    // double-quoted with escapes
    ['tab', 'a\tb', 'k: "a\\tb"\n'],
    ['emoji', 'hi 😀', 'k: "hi \\U0001F600"\n'],
    ['control character', 'a\x01b', 'k: "a\\x01b"\n'],
    ['escape', '\x1b[0m', 'k: "\\e[0m"\n'],
    ['space before newline', 'a \nb', 'k: "a \\nb"\n'],
    ['carriage return', 'a\r\nb', 'k: "a\\r\\nb"\n'],
    // literal blocks
    ['two lines', 'line1\nline2', 'k: |-\n  line1\n  line2\n'],
    ['final newline', 'line1\nline2\n', 'k: |\n  line1\n  line2\n'],
    ['two final newlines', 'line1\n\n', 'k: |+\n  line1\n\n'],
    ['blank line inside', 'a\n\nb\n', 'k: |\n  a\n\n  b\n'],
    ['leading space', ' a\nb', 'k: |2-\n   a\n  b\n'],
    ['indented lines', 'a:\n  b: 1\n', 'k: |\n  a:\n    b: 1\n'],
    // non-strings
    ['int', 1, 'k: 1\n'],
    ['zero', 0, 'k: 0\n'],
    ['negative', -3, 'k: -3\n'],
    ['float', 0.5, 'k: 0.5\n'],
    ['integral float', 15000000, 'k: 15000000\n'],
    ['large float', 1234567.5, 'k: 1.2345675e+06\n'],
    ['small float', 1e-7, 'k: 1e-07\n'],
    ['true', true, 'k: true\n'],
    ['null', null, 'k: null\n'],
    ['empty map', {}, 'k: {}\n'],
    ['empty list', [], 'k: []\n'],
    ['list of lists', [[1, 2], [3], []], 'k:\n- - 1\n  - 2\n- - 3\n- []\n'],
    ['list of maps', [{ a: 1, b: { c: 2 } }, {}], 'k:\n- a: 1\n  b:\n    c: 2\n- {}\n'],
  ])('%s', (_name, value, expected) => {
    expect(toKubectlYaml({ k: value })).toBe(expected);
  });

  it('folds long plain and quoted strings at spaces past column 80', () => {
    const message =
      '0/1 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }. ' +
      'preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.';
    const obj = { status: { conditions: [{ message, type: 'PodScheduled' }] } };
    expect(toKubectlYaml(obj)).toBe(
      'status:\n  conditions:\n' +
        "  - message: '0/1 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane:\n" +
        "      }. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.'\n" +
        '    type: PodScheduled\n',
    );
    const plain = Array.from({ length: 12 }, (_, i) => `word${i}`).join(' ') + ' and some more words at the end';
    expect(toKubectlYaml({ description: plain })).toBe(
      'description: word0 word1 word2 word3 word4 word5 word6 word7 word8 word9 word10 word11\n' +
        '  and some more words at the end\n',
    );
    // Keys are never folded.
    const longKey = 'k'.repeat(40) + ' ' + 'k'.repeat(50);
    expect(toKubectlYaml({ [longKey]: 'v' })).toBe(`${longKey}: v\n`);
  });

  it('sorts keys the go-yaml v2 way', () => {
    // Digit runs compare as numbers ("_" counts as 0 against "80"), non-letters before letters.
    expect(toKubectlYaml({ a10: 1, a2: 1, B: 1, _x: 1, a: 1, '80': 1, true: 1 })).toBe(
      '_x: 1\n"80": 1\nB: 1\na: 1\na2: 1\na10: 1\n"true": 1\n',
    );
  });

  it.each<[string, unknown, string]>([
    ['list', [1, 'a'], '- 1\n- a\n'],
    ['scalar', 'foo', 'foo\n'],
    ['null', null, 'null\n'],
    ['empty map', {}, '{}\n'],
  ])('root %s', (_name, value, expected) => {
    expect(toKubectlYaml(value)).toBe(expected);
  });
});

describe('toKubectlJson', () => {
  it('prints a Pod like kubectl get pod -o json (4 spaces, sorted keys)', () => {
    const out = toKubectlJson({
      kind: 'Pod',
      apiVersion: 'v1',
      metadata: { name: 'nginx', labels: { run: 'nginx' } },
      spec: { containers: [{ name: 'nginx', image: 'nginx', ports: [{ containerPort: 80 }], resources: {} }], volumes: [] },
    });
    expect(out).toBe(`{
    "apiVersion": "v1",
    "kind": "Pod",
    "metadata": {
        "labels": {
            "run": "nginx"
        },
        "name": "nginx"
    },
    "spec": {
        "containers": [
            {
                "image": "nginx",
                "name": "nginx",
                "ports": [
                    {
                        "containerPort": 80
                    }
                ],
                "resources": {}
            }
        ],
        "volumes": []
    }
}
`);
  });

  it('prints the List wrapper for several objects', () => {
    expect(toKubectlJson(kubectlList([]))).toBe(`{
    "apiVersion": "v1",
    "items": [],
    "kind": "List",
    "metadata": {
        "resourceVersion": ""
    }
}
`);
    expect(toKubectlJson(kubectlList([{ kind: 'Pod' }]))).toContain(
      '"items": [\n        {\n            "kind": "Pod"\n        }\n    ],',
    );
  });

  it.each<[string, string]>([
    ['plain', '"plain"'],
    ['<b>&amp;</b>', '"\\u003cb\\u003e\\u0026amp;\\u003c/b\\u003e"'],
    ['quote " and backslash \\', '"quote \\" and backslash \\\\"'],
    ['a\nb\tc\rd', '"a\\nb\\tc\\rd"'],
    ['\b\f', '"\\b\\f"'],
    ['\x01\x1f', '"\\u0001\\u001f"'],
    ['\u2028\u2029', '"\\u2028\\u2029"'],
    ['ünïcødé 😀', '"ünïcødé 😀"'],
    ['\x7f', '"\x7f"'],
  ])('string %j', (input, expected) => {
    expect(goJsonString(input)).toBe(expected);
  });

  it.each<[unknown, string]>([
    [1, '1'],
    [-7, '-7'],
    [1.5, '1.5'],
    [1e21, '1e+21'],
    [1e-7, '1e-7'],
    [123456789012, '123456789012'],
    [true, 'true'],
    [null, 'null'],
    [{ b: 1, a: [1, { d: null, c: 'x' }] }, '{"a":[1,{"c":"x","d":null}],"b":1}'],
  ])('compact %j', (input, expected) => {
    expect(goJsonMarshal(input)).toBe(expected);
  });
});

describe('helpers', () => {
  it.each<[number, string]>([
    [0.5, '0.5'],
    [1, '1'],
    [100000, '100000'],
    [1000000, '1e+06'],
    [123456.5, '123456.5'],
    [1234567.5, '1.2345675e+06'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [-2.25, '-2.25'],
    [1e21, '1e+21'],
    [1.5e300, '1.5e+300'],
  ])('formatGoFloatG(%d) = %s', (n, expected) => {
    expect(formatGoFloatG(n)).toBe(expected);
  });

  it.each<[string, string, boolean]>([
    ['a2', 'a10', true],
    ['a10', 'a2', false],
    ['_x', 'B', true],
    ['B', 'a', true],
    ['a', 'a2', true],
    ['node-role.x', 'node.x', true],
    ['a01', 'a1', false],
  ])('yamlKeyLess(%j, %j) = %s', (a, b, expected) => {
    expect(yamlKeyLess(a, b)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['abc', true],
    ['0o17', false],
    ['0b101', false],
    ['-0x10', false],
    ['99999999999999999999', false],
    ['0xFFFFFFFFFFFFFFFFFF', true],
    ['1e999', true],
    ['2026-02-30', true],
    ['2024-02-29', false],
    ['2026-1-2', false],
    ['2026-01-01 10:00:00', false],
    ['2026-01-01 10:00:00Z', true],
    ['2026-01-01T25:00:00Z', true],
  ])('yamlPlainIsString(%j) = %s', (s, expected) => {
    expect(yamlPlainIsString(s)).toBe(expected);
  });
});
