// kubectl expose, get svc / endpointslices and describe svc through the console, against what
// kubectl v1.32 prints (client-side dry runs checked with the real binary).

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';

function harness() {
  const sim = new Simulation({ empty: true });
  const env = sim.kubectlEnv();
  const pods = env.registry.resolveResource('pods')!;
  const pod = (name: string, labels: Record<string, string> | undefined, ports: Record<string, unknown>[]) =>
    env.api.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, ...(labels ? { labels } : {}) },
      spec: { containers: [{ name: 'c', image: 'nginx', ports }] },
    });
  const run = (line: string) => {
    let stdout = '';
    let stderr = '';
    const code = sim.openConsole((t, s) => (s === 'stdout' ? (stdout += t) : (stderr += t))).run(line);
    return { code, stdout, stderr };
  };
  return { sim, env, pods, pod, run };
}

describe('kubectl expose', () => {
  it('builds the Service from a pod: labels, selector, every container port', () => {
    const h = harness();
    h.pod('web', { app: 'web', tier: 'fe' }, [
      { containerPort: 8080, name: 'http' },
      { containerPort: 9090, protocol: 'UDP' },
    ]);
    const r = h.run('kubectl expose pod web --dry-run=client -o yaml');
    expect(r.stdout).toBe(`apiVersion: v1
kind: Service
metadata:
  creationTimestamp: null
  labels:
    app: web
    tier: fe
  name: web
spec:
  ports:
  - name: port-1
    port: 8080
    protocol: TCP
    targetPort: 8080
  - name: port-2
    port: 9090
    protocol: UDP
    targetPort: 9090
  selector:
    app: web
    tier: fe
status:
  loadBalancer: {}
`);
  });

  it('honours --port, --target-port, --protocol, --selector, -l and --type', () => {
    const h = harness();
    h.pod('web', { app: 'web' }, [{ containerPort: 8080, name: 'http' }]);
    const r = h.run(
      'kubectl expose pod web --port 80 --target-port http --protocol UDP --selector a=b,c=d -l x=y --type LoadBalancer --dry-run=client -o yaml',
    );
    expect(r.stdout).toContain(
      '  ports:\n  - port: 80\n    protocol: UDP\n    targetPort: http\n  selector:\n    a: b\n    c: d\n  type: LoadBalancer\n',
    );
    expect(r.stdout).toContain('  labels:\n    x: "y"\n');
  });

  it('creates the Service and prints `service/NAME exposed`', () => {
    const h = harness();
    h.pod('web', { app: 'web' }, [{ containerPort: 80 }]);
    expect(h.run('kubectl expose pod web --name=front --type=NodePort')).toEqual({
      code: 0,
      stdout: 'service/front exposed\n',
      stderr: '',
    });
    const svc = h.env.api.get(h.env.registry.resolveResource('svc')!, 'default', 'front');
    expect(svc.spec).toMatchObject({
      type: 'NodePort',
      selector: { app: 'web' },
      ports: [{ port: 80, targetPort: 80, protocol: 'TCP' }],
    });
    expect(h.run('kubectl expose pod web --name=x -o name --dry-run=server').stdout).toBe('service/x\n');
  });

  it('reports what it cannot introspect, as kubectl does', () => {
    const h = harness();
    h.pod('nolabels', undefined, [{ containerPort: 80 }]);
    h.pod('noports', { a: 'b' }, []);
    expect(h.run('kubectl expose pod nolabels').stderr).toBe(
      "error: couldn't retrieve selectors via --selector flag or introspection: the pod has no labels and cannot be exposed\n",
    );
    expect(h.run('kubectl expose pod noports').stderr).toBe("error: couldn't find port via --port flag or introspection\n");
    expect(h.run('kubectl expose pod').stderr).toBe('error: resource(s) were provided, but no name was specified\n');
    expect(h.run('kubectl expose').stderr).toMatch(/^Error: You must provide one or more resources by argument or filename\.\n/);
    expect(h.run('kubectl expose widget web --port=80').stderr).toBe(
      'error: the server doesn\'t have a resource type "widget"\n',
    );
    expect(h.run('kubectl expose deployment web --port=80').stderr).toBe(
      'Error from server (NotFound): deployments.apps "web" not found\n',
    );
    expect(h.run('kubectl expose namespace default --port=80').stderr).toBe('error: cannot expose a Namespace\n');
  });
});

describe('kubectl get / describe for Services', () => {
  it('lists the built-in kubernetes Service and its EndpointSlice', () => {
    const h = harness();
    expect(h.run('kubectl get svc').stdout).toBe(
      'NAME         TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE\nkubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   0s\n',
    );
    expect(h.run('kubectl get endpointslices').stdout).toBe(
      'NAME         ADDRESSTYPE   PORTS   ENDPOINTS      AGE\nkubernetes   IPv4          6443    172.18.0.254   0s\n',
    );
  });

  it('describes a Service with its ready endpoints', () => {
    const h = harness();
    h.run('kubectl expose pod missing --port=80');
    h.env.api.create({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web', labels: { app: 'web' } },
      spec: { selector: { app: 'web' }, clusterIP: '10.96.0.20', ports: [{ name: 'http', port: 80, targetPort: 8080 }] },
    });
    h.sim.clock.runDue();
    const out = h.run('kubectl describe svc web').stdout;
    expect(out).toBe(`Name:                     web
Namespace:                default
Labels:                   app=web
Annotations:              <none>
Selector:                 app=web
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.96.0.20
IPs:                      10.96.0.20
Port:                     http  80/TCP
TargetPort:               8080/TCP
Endpoints:                
Session Affinity:         None
Internal Traffic Policy:  Cluster
Events:                   <none>
`);
  });
});
