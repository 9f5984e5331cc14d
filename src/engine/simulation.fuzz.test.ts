// Bad input never crashes anything: thousands of random, mostly malformed console lines built
// from kubectl's vocabulary must each end with an exit status, never an exception.

import { describe, expect, it } from 'vitest';
import { SeededRandom } from './clock/random';
import { Simulation } from './simulation';

const words = [
  'kubectl',
  'kubectl',
  'kubectl',
  'kubeplay',
  'sleep',
  'get',
  'describe',
  'apply',
  'create',
  'delete',
  'label',
  'annotate',
  'patch',
  'wait',
  'cordon',
  'uncordon',
  'drain',
  'logs',
  'run',
  'exec',
  'debug',
  'expose',
  'stop',
  'start',
  'disconnect',
  'reconnect',
  'shutdown',
  'pressure',
  'memory',
  'on',
  'zone',
  'partition',
  'heal',
  'zone-a',
  'crash',
  'fail-readiness',
  '--image=busybox',
  '-f',
  'taint',
  'api-resources',
  'version',
  'cluster',
  'reset',
  'node',
  'add',
  'clock',
  'config',
  'set',
  'explain',
  'scheduling',
  'pods',
  'po',
  'nodes',
  'node-a1',
  'ns',
  'namespaces',
  'default',
  'events',
  'leases',
  'pc',
  'all',
  'pod/x',
  'node/node-b2',
  'deployment.v1.apps/web',
  '-n',
  'kube-system',
  '-A',
  '-o',
  'yaml',
  'json',
  'wide',
  'name',
  'jsonpath={.items[*].metadata.name}',
  'jsonpath={',
  'custom-columns=N:.metadata.name',
  '-l',
  'app=web',
  'app in (',
  '--field-selector',
  'spec.nodeName=node-a1',
  '-f',
  '-',
  'https://k8s.io/examples/controllers/nginx-deployment.yaml',
  'https://k8s.io/examples/pods/pod-rs.yaml',
  '--grace-period=0',
  '--force',
  '--cascade=orphan',
  '--timeout=2s',
  '--for=delete',
  '--for=condition=Ready',
  '-p',
  '{"metadata":{"labels":{"a":"b"}}}',
  '{bad',
  '--type=json',
  '[{"op":"remove","path":"/x"}]',
  'a=b',
  'a-',
  'k=v:NoSchedule',
  'k-',
  '--overwrite',
  '--zone',
  'zone-z',
  '--cpu',
  'lots',
  '5s',
  '1m',
  '-w',
  '--all',
  '--',
  '=',
  '',
  "'",
  '"',
  '\\',
];

const manifests = [
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: c\n    image: nginx\n',
  'apiVersion: v1\nkind: Pod\nmetadata: {name: Bad_Name}\nspec: {containers: []}\n',
  'apiVersion: v1\nkind: Namespace\nmetadata: {name: fuzz}\n',
  'kind: List\nitems: [1, 2]\n',
  ': : :\n  - [',
  '{"apiVersion":"v1","kind":"Pod","metadata":{"name":"j"},"spec":{"containers":[{"name":"c","image":"busybox"}]}}',
];

describe('console fuzz', () => {
  it('every random command line ends with an exit status', () => {
    const random = new SeededRandom(42);
    const sim = new Simulation({ seed: 3 });
    let printed = 0;
    const console = sim.openConsole((text) => {
      printed += text.length;
    });
    for (let i = 0; i < 3000; i++) {
      const n = 1 + random.int(6);
      const argv = Array.from({ length: n }, () => words[random.int(words.length)]);
      const stdin = argv.includes('-') ? manifests[random.int(manifests.length)] : undefined;
      let code: number | undefined;
      expect(() => {
        code = console.runArgv(argv, stdin);
      }, argv.join(' ')).not.toThrow();
      expect(typeof code).toBe('number');
    }
    console.interrupt();
    expect(printed).toBeGreaterThan(0);
  });

  it('unparsable console lines are refused, not thrown', () => {
    const sim = new Simulation();
    let out = '';
    const console = sim.openConsole((text) => (out += text));
    expect(console.run("kubectl get pods -l 'app=web")).not.toBe(0);
    expect(console.run('kubectl get pods | grep x')).not.toBe(0);
    expect(out).toMatch(/error/);
  });
});
