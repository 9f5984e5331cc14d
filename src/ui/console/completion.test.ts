import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { ObjectMirror } from '../../protocol/mirror';
import { commonPrefix, complete, formatCandidates, resolveType, type CompletionContext } from './completion';
import { RESOURCE_TYPES } from './completion-data';
import { loadExplainSchema } from './explain-paths';

function obj(kind: string, name: string, namespace?: string, labels?: Record<string, string>): KObject {
  return {
    apiVersion: 'v1',
    kind,
    metadata: { name, ...(namespace ? { namespace } : {}), ...(labels ? { labels } : {}) },
  } as KObject;
}

const zone = (z: string) => ({ 'topology.kubernetes.io/zone': z });
const objects = [
  obj('Node', 'node-a1', undefined, zone('zone-a')),
  obj('Node', 'node-a2', undefined, zone('zone-a')),
  obj('Node', 'node-b1', undefined, zone('zone-b')),
  obj('Namespace', 'default'),
  obj('Namespace', 'kube-system'),
  obj('Namespace', 'kube-public'),
  obj('Pod', 'web-1', 'default'),
  obj('Pod', 'web-2', 'default'),
  obj('Pod', 'coredns-x', 'kube-system'),
  obj('Deployment', 'web', 'default'),
  obj('Deployment', 'coredns', 'kube-system'),
  obj('Service', 'kubernetes', 'default'),
];
const mirror = ObjectMirror.of(objects);
const ctx: CompletionContext = { ofKind: (kind) => mirror.ofKind(kind) };

/** Completes at the end of the line; returns the new line and the candidates. */
function tab(line: string) {
  const r = complete(line, line.length, ctx);
  return { line: r.line, candidates: r.candidates };
}

describe('complete: programs and verbs', () => {
  it('completes the program', () => {
    expect(tab('kubec')).toEqual({ line: 'kubectl ', candidates: ['kubectl'] });
    expect(tab('kube')).toEqual({ line: 'kube', candidates: ['kubectl', 'kubeplay'] });
    expect(tab('cl').line).toBe('clear ');
    expect(tab('sl').line).toBe('sleep ');
    expect(tab('').candidates).toEqual(['clear', 'help', 'kubectl', 'kubeplay', 'sleep']);
    expect(tab('  kubep').line).toBe('  kubeplay ');
  });

  it('completes kubectl verbs and their sub-verbs', () => {
    expect(tab('kubectl ge').line).toBe('kubectl get ');
    expect(tab('kubectl de')).toEqual({ line: 'kubectl de', candidates: ['debug', 'delete', 'describe'] });
    expect(tab('kubectl desc').line).toBe('kubectl describe ');
    expect(tab('kubectl rollout st').line).toBe('kubectl rollout status ');
    expect(tab('kubectl rollout re').candidates).toEqual(['restart', 'resume']);
    expect(tab('kubectl set i').line).toBe('kubectl set image ');
    expect(tab('kubectl create dep').line).toBe('kubectl create deploy');
    expect(tab('kubectl nope ').candidates).toEqual([]);
  });

  it('completes kubeplay verbs and sub-verbs', () => {
    expect(tab('kubeplay cl').candidates).toEqual(['clock', 'cluster']);
    expect(tab('kubeplay clu').line).toBe('kubeplay cluster ');
    expect(tab('kubeplay cluster ').line).toBe('kubeplay cluster reset ');
    expect(tab('kubeplay node ').candidates).toEqual([
      'add',
      'disconnect',
      'network',
      'pressure',
      'reconnect',
      'remove',
      'runtime',
      'shutdown',
      'start',
      'stop',
    ]);
    expect(tab('kubeplay pod f').line).toBe('kubeplay pod fail-readiness ');
  });

  it('completes nothing after sleep or an unknown program', () => {
    expect(tab('sleep ').candidates).toEqual([]);
    expect(tab('ls ').candidates).toEqual([]);
  });
});

describe('complete: resource types and names', () => {
  it('prefers plurals: `no` → nodes', () => {
    expect(tab('kubectl get no')).toEqual({ line: 'kubectl get nodes ', candidates: ['nodes'] });
    expect(tab('kubectl get node').line).toBe('kubectl get nodes ');
    expect(tab('kubectl get po')).toEqual({ line: 'kubectl get pod', candidates: ['poddisruptionbudgets', 'pods'] });
    expect(tab('kubectl get dep').line).toBe('kubectl get deployments ');
  });

  it('expands singular and short names that start no plural', () => {
    expect(tab('kubectl get svc').line).toBe('kubectl get services ');
    expect(tab('kubectl get hp').line).toBe('kubectl get horizontalpodautoscalers ');
    expect(tab('kubectl get rs').line).toBe('kubectl get replicasets ');
  });

  it('lists every type for an empty word', () => {
    expect(tab('kubectl get ').candidates).toHaveLength(RESOURCE_TYPES.length);
  });

  it('completes names of the typed type, in the default namespace', () => {
    expect(tab('kubectl describe node node-a')).toEqual({
      line: 'kubectl describe node node-a',
      candidates: ['node-a1', 'node-a2'],
    });
    expect(tab('kubectl describe node node-b').line).toBe('kubectl describe node node-b1 ');
    expect(tab('kubectl get pods ').candidates).toEqual(['web-1', 'web-2']);
    expect(tab('kubectl get po w').line).toBe('kubectl get po web-');
    expect(tab('kubectl delete deploy ').candidates).toEqual(['web']);
    expect(tab('kubectl get ns kube-').candidates).toEqual(['kube-public', 'kube-system']);
    expect(tab('kubectl get bogus ').candidates).toEqual([]);
  });

  it('respects -n, --namespace, -nNS, --namespace=NS and -A', () => {
    expect(tab('kubectl get pods -n kube-system ').candidates).toEqual(['coredns-x']);
    expect(tab('kubectl -n kube-system get pods ').candidates).toEqual([]); // the verb comes first here
    expect(tab('kubectl get -n kube-system pods c').line).toBe('kubectl get -n kube-system pods coredns-x ');
    expect(tab('kubectl get pods --namespace kube-system ').candidates).toEqual(['coredns-x']);
    expect(tab('kubectl get pods --namespace=kube-system ').candidates).toEqual(['coredns-x']);
    expect(tab('kubectl get pods -nkube-system ').candidates).toEqual(['coredns-x']);
    expect(tab('kubectl get deploy -A ').candidates).toEqual(['coredns', 'web']);
    expect(tab('kubectl get pods --all-namespaces ').candidates).toEqual(['coredns-x', 'web-1', 'web-2']);
    // cluster-scoped kinds ignore the namespace
    expect(tab('kubectl get nodes -n kube-system node-b').line).toBe('kubectl get nodes -n kube-system node-b1 ');
  });

  it('completes TYPE/NAME', () => {
    expect(tab('kubectl rollout status deploy/w').line).toBe('kubectl rollout status deploy/web ');
    expect(tab('kubectl get pod/').candidates).toEqual(['pod/web-1', 'pod/web-2']);
    expect(tab('kubectl logs pod/web-').candidates).toEqual(['pod/web-1', 'pod/web-2']);
  });

  it('completes node names for cordon, uncordon and drain, pod names for logs and exec', () => {
    expect(tab('kubectl cordon node-b').line).toBe('kubectl cordon node-b1 ');
    expect(tab('kubectl drain ').candidates).toEqual(['node-a1', 'node-a2', 'node-b1']);
    expect(tab('kubectl logs -n kube-system c').line).toBe('kubectl logs -n kube-system coredns-x ');
    expect(tab('kubectl exec web-1 ').candidates).toEqual([]);
  });

  it('never offers a name already on the line: a second Tab after a completed name adds nothing', () => {
    const once = tab('kubectl get pods web-1');
    expect(once.line).toBe('kubectl get pods web-1 ');
    expect(tab(once.line).candidates).toEqual(['web-2']);
    expect(tab('kubectl get pods web-1 web-2 ').candidates).toEqual([]);
    expect(tab('kubectl get pod/web-1 pod/web-').line).toBe('kubectl get pod/web-1 pod/web-2 ');
    expect(tab('kubectl drain node-a1 ').candidates).toEqual([]);
    expect(tab('kubectl describe deployment web ').candidates).toEqual([]);
  });

  it('completes nothing after --', () => {
    expect(tab('kubectl exec web-1 -- ').candidates).toEqual([]);
  });
});

describe('complete: flags', () => {
  it('completes the verb’s flags and the global ones; value flags end in =', () => {
    expect(tab('kubectl get pods --wat').candidates).toEqual(['--watch', '--watch-only']);
    expect(tab('kubectl get pods --watch-').line).toBe('kubectl get pods --watch-only ');
    expect(tab('kubectl get pods --out').line).toBe('kubectl get pods --output=');
    expect(tab('kubectl get pods --kubec').line).toBe('kubectl get pods --kubeconfig=');
    expect(tab('kubectl drain node-a1 --ignore-d').line).toBe('kubectl drain node-a1 --ignore-daemonsets ');
    expect(tab('kubectl rollout undo --to').line).toBe('kubectl rollout undo --to-revision=');
    expect(tab('kubectl get --bogus').candidates).toEqual([]);
  });

  it('completes -o / --output formats per verb', () => {
    expect(tab('kubectl get pods -o ').candidates).toEqual([
      'custom-columns=',
      'go-template=',
      'json',
      'jsonpath-as-json=',
      'jsonpath=',
      'name',
      'wide',
      'yaml',
    ]);
    expect(tab('kubectl get pods -o w').line).toBe('kubectl get pods -o wide ');
    expect(tab('kubectl get pods -o jsonp').line).toBe('kubectl get pods -o jsonpath');
    expect(tab('kubectl get pods -o custom').line).toBe('kubectl get pods -o custom-columns=');
    expect(tab('kubectl get pods --output=y').line).toBe('kubectl get pods --output=yaml ');
    expect(tab('kubectl get pods -ow').line).toBe('kubectl get pods -owide ');
    expect(tab('kubectl get pods -o=js').candidates).toEqual(['-o=json', '-o=jsonpath-as-json=', '-o=jsonpath=']);
    expect(tab('kubectl get pods -nkube-p').line).toBe('kubectl get pods -nkube-public ');
    // an object printer has no wide table
    expect(tab('kubectl create deployment web --image=nginx -o ').candidates).not.toContain('wide');
    expect(tab('kubectl explain pods -o ').candidates).toEqual(['plaintext', 'plaintext-openapiv2']);
    expect(tab('kubectl rollout history deploy/web -o n').line).toBe('kubectl rollout history deploy/web -o name ');
  });

  it('completes rollout’s sub-commands, then their flags', () => {
    expect(tab('kubectl rollout ').candidates).toEqual(['history', 'pause', 'restart', 'resume', 'status', 'undo']);
    expect(tab('kubectl rollout st').line).toBe('kubectl rollout status ');
    expect(tab('kubectl rollout status deploy/web --w').line).toBe('kubectl rollout status deploy/web --watch ');
  });

  it('offers long flags for a lone dash', () => {
    expect(tab('kubectl cordon -').candidates).toEqual([
      '--cluster=',
      '--context=',
      '--dry-run=',
      '--kubeconfig=',
      '--namespace=',
      '--request-timeout=',
      '--selector=',
      '--user=',
      '--v=',
    ]);
  });

  it('completes namespaces as the value of -n / --namespace', () => {
    expect(tab('kubectl get pods -n kube-s').line).toBe('kubectl get pods -n kube-system ');
    expect(tab('kubectl get pods --namespace ').candidates).toEqual(['default', 'kube-public', 'kube-system']);
    expect(tab('kubectl get pods --namespace=kube-s').line).toBe('kubectl get pods --namespace=kube-system ');
  });

  it('skips values of value flags when counting arguments', () => {
    expect(tab('kubectl get -l app=web -o wide pods ').candidates).toEqual(['web-1', 'web-2']);
    expect(tab('kubectl get -o wide ').candidates).toHaveLength(RESOURCE_TYPES.length);
  });
});

describe('complete: kubeplay arguments', () => {
  it('completes nodes, zones, pressure kinds and pods', () => {
    expect(tab('kubeplay node stop node-b').line).toBe('kubeplay node stop node-b1 ');
    expect(tab('kubeplay node pressure node-a1 m').line).toBe('kubeplay node pressure node-a1 memory ');
    expect(tab('kubeplay node pressure node-a1 memory o').candidates).toEqual(['off', 'on']);
    expect(tab('kubeplay zone partition ').candidates).toEqual(['zone-a', 'zone-b']);
    expect(tab('kubeplay zone heal zone-b').line).toBe('kubeplay zone heal zone-b ');
    expect(tab('kubeplay pod crash w').line).toBe('kubeplay pod crash web-');
    expect(tab('kubeplay pod crash -n kube-system c').line).toBe('kubeplay pod crash -n kube-system coredns-x ');
    expect(tab('kubeplay explain scheduling web-2').line).toBe('kubeplay explain scheduling web-2 ');
  });

  it('completes kubeplay flags and --zone values', () => {
    expect(tab('kubeplay cluster reset --e').line).toBe('kubeplay cluster reset --empty ');
    expect(tab('kubeplay node add node-a3 --z').line).toBe('kubeplay node add node-a3 --zone=');
    expect(tab('kubeplay node add node-a3 --zone ').candidates).toEqual(['zone-a', 'zone-b']);
    expect(tab('kubeplay node add node-a3 --zone=zone-b').line).toBe('kubeplay node add node-a3 --zone=zone-b ');
  });

  it('completes load targets as TYPE/NAME', () => {
    expect(tab('kubeplay load deploym').line).toBe('kubeplay load deployments/');
    expect(tab('kubeplay load deploy/').line).toBe('kubeplay load deploy/web ');
  });
});

describe('complete: the cursor', () => {
  it('completes the word before the cursor and keeps the rest', () => {
    const line = 'kubectl get no -o wide';
    const r = complete(line, 'kubectl get no'.length, ctx);
    expect(r.line).toBe('kubectl get nodes -o wide');
    expect(r.cursor).toBe('kubectl get nodes '.length);
  });

  it('puts the cursor after the completion', () => {
    const r = complete('kubectl get po', 14, ctx);
    expect(r).toEqual({ line: 'kubectl get pod', cursor: 15, candidates: ['poddisruptionbudgets', 'pods'] });
    expect(complete('kubectl get pods --out', 22, ctx).cursor).toBe('kubectl get pods --output='.length);
  });

  it('leaves quoted words alone', () => {
    expect(tab('kubectl get "no').candidates).toEqual([]);
    expect(tab("kubectl label pod web-1 'a=b' --ov").line).toBe("kubectl label pod web-1 'a=b' --ov");
  });
});

describe('helpers', () => {
  it('commonPrefix', () => {
    expect(commonPrefix(['node-a1', 'node-a2'])).toBe('node-a');
    expect(commonPrefix(['a', 'b'])).toBe('');
    expect(commonPrefix([])).toBe('');
  });

  it('resolveType accepts kubectl’s spellings', () => {
    expect(resolveType('po')?.kind).toBe('Pod');
    expect(resolveType('Pod')?.kind).toBe('Pod');
    expect(resolveType('deployments.apps')?.kind).toBe('Deployment');
    expect(resolveType('hpa')?.kind).toBe('HorizontalPodAutoscaler');
    expect(resolveType('widgets')).toBeUndefined();
  });

  it('formatCandidates lays out columns, column-major', () => {
    expect(formatCandidates(['node-a1', 'node-a2'])).toBe('node-a1  node-a2');
    expect(formatCandidates(['aaa', 'bbb', 'ccc', 'ddd', 'eee'], 10)).toBe('aaa  ddd\nbbb  eee\nccc');
    expect(formatCandidates(['a-very-long-name', 'b'], 5)).toBe('a-very-long-name\nb');
    expect(formatCandidates([])).toBe('');
  });
});

describe('kubectl explain field paths', () => {
  it('completes the type, then field paths from the API schema once it has loaded', async () => {
    expect(complete('kubectl explain deploy', 22, ctx).line).toBe('kubectl explain deployments ');
    await loadExplainSchema();
    expect(complete('kubectl explain pods.spec.con', 29, ctx).candidates).toEqual(['pods.spec.containers']);
    expect(complete('kubectl explain deploy.spec.str', 31, ctx).line).toBe('kubectl explain deploy.spec.strategy ');
    // through lists: the fields of a container
    expect(complete('kubectl explain po.spec.containers.imagePu', 43, ctx).candidates).toEqual([
      'po.spec.containers.imagePullPolicy',
    ]);
    expect(complete('kubectl explain pods.spec.nosuch.x', 34, ctx).candidates).toEqual([]);
  });
});

describe('formatCandidates at the envelope', () => {
  it('lists 150,000 pod names (more than a spread call can take as arguments)', () => {
    const names = Array.from({ length: 150_000 }, (_, i) => `web-${i}`);
    const text = formatCandidates(names);
    const lines = text.trimEnd().split('\n');
    expect(lines[0].startsWith('web-0 ')).toBe(true);
    expect(lines.length).toBe(Math.ceil(150_000 / Math.floor(82 / 12)));
  });
});
