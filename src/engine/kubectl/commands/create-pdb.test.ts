// PodDisruptionBudgets from kubectl: `create pdb` (flag checks, the object it builds), the
// `get pdb` table and the `describe pdb` layout, with the documentation's zookeeper budgets.

import { describe, expect, it } from 'vitest';
import { runScript } from '../../script/runner';

const transcript = (script: string) => runScript(script).transcript;

describe('kubectl and PodDisruptionBudgets', () => {
  it('create pdb checks its flags like kubectl', () => {
    expect(
      transcript(
        [
          'kubectl create pdb',
          'kubectl create pdb zk --selector=app=zk',
          'kubectl create pdb zk --selector=app=zk --min-available=1 --max-unavailable=1',
          'kubectl create pdb zk --selector=app=zk --max-unavailable=2Gi',
          "kubectl create pdb zk '--selector=app!=zk' --max-unavailable=1",
        ].join('\n'),
      ),
    ).toBe(
      [
        '$ kubectl create pdb',
        'error: exactly one NAME is required, got 0',
        "See 'kubectl create poddisruptionbudget -h' for help and examples",
        '$ kubectl create pdb zk --selector=app=zk',
        'error: one of min-available or max-unavailable must be specified',
        '$ kubectl create pdb zk --selector=app=zk --min-available=1 --max-unavailable=1',
        'error: min-available and max-unavailable cannot be both specified',
        '$ kubectl create pdb zk --selector=app=zk --max-unavailable=2Gi',
        'error: invalid format specified for max-unavailable',
        "$ kubectl create pdb zk '--selector=app!=zk' --max-unavailable=1",
        'error: "!=" is not a valid label selector operator',
        '',
      ].join('\n'),
    );
  });

  it('create poddisruptionbudget builds matchLabels / matchExpressions and an int or a percent', () => {
    const out = transcript(
      [
        "kubectl create poddisruptionbudget zk '--selector=app=zk,tier in (b,a)' --min-available=50% --dry-run=client -o yaml",
        'kubectl create pdb zk --selector=app=zk --max-unavailable=1',
        'kubectl get pdb zk -o jsonpath={.spec.maxUnavailable}',
      ].join('\n'),
    );
    expect(out).toContain(
      [
        'metadata:',
        '  creationTimestamp: null',
        '  name: zk',
        'spec:',
        '  minAvailable: 50%',
        '  selector:',
        '    matchExpressions:',
        '    - key: tier',
        '      operator: In',
        '      values:',
        '      - a',
        '      - b',
        '    matchLabels:',
        '      app: zk',
      ].join('\n'),
    );
    expect(out).toContain('poddisruptionbudget.policy/zk created\n$ kubectl get pdb zk -o jsonpath={.spec.maxUnavailable}\n1');
  });

  it('get and describe the documentation’s budgets', () => {
    const out = transcript(
      [
        'kubectl apply -f https://k8s.io/examples/policy/zookeeper-pod-disruption-budget-minavailable.yaml',
        'kubectl run zk-0 --image=nginx --labels=app.kubernetes.io/name=zookeeper',
        'kubectl run zk-1 --image=nginx --labels=app.kubernetes.io/name=zookeeper',
        'kubectl run zk-2 --image=nginx --labels=app.kubernetes.io/name=zookeeper',
        'sleep 30',
        'kubectl get pdb',
        'kubectl describe pdb zk-pdb',
        'kubectl delete pdb zk-pdb',
        'kubectl apply -f https://k8s.io/examples/policy/zookeeper-pod-disruption-budget-maxunavailable.yaml',
        'kubectl get poddisruptionbudgets',
        'kubectl describe pdb zk-pdb --show-events=false',
      ].join('\n'),
    );
    expect(out).toContain(
      [
        '$ kubectl get pdb',
        'NAME     MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE',
        'zk-pdb   2               N/A               1                     30s',
        '$ kubectl describe pdb zk-pdb',
        'Name:           zk-pdb',
        'Namespace:      default',
        'Min available:  2',
        'Selector:       app.kubernetes.io/name=zookeeper',
        'Status:',
        '    Allowed disruptions:  1',
        '    Current:              3',
        '    Desired:              2',
        '    Total:                3',
        'Events:',
        '  Type    Reason  Age                From               Message',
        '  ----    ------  ----               ----               -------',
        '  Normal  NoPods  30s (x2 over 30s)  controllermanager  No matching pods found',
      ].join('\n'),
    );
    expect(out).toContain(
      [
        '$ kubectl get poddisruptionbudgets',
        'NAME     MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE',
        'zk-pdb   N/A             1                 0                     0s',
        '$ kubectl describe pdb zk-pdb --show-events=false',
        'Name:             zk-pdb',
        'Namespace:        default',
        'Max unavailable:  1',
        'Selector:         app.kubernetes.io/name=zookeeper',
        'Status:',
        '    Allowed disruptions:  0',
        '    Current:              3',
        '    Desired:              0',
        '    Total:                0',
        '',
      ].join('\n'),
    );
  });
});
