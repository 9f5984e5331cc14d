// The HPA controller against a full simulated cluster: the metrics pipeline, `kubeplay load`,
// scaling through the scale subresource, the stabilization window, conditions, events, and the
// kubectl side (autoscale, get, describe, v1 manifests).

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import { deploymentKind, horizontalPodAutoscalerKind, podKind } from '../../api/kinds';
import { metricsServerFor } from '../../metrics/metrics-server';
import { Simulation } from '../../simulation';

function deployment(name = 'web', replicas = 1, annotations?: Record<string, string>): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name }, ...(annotations ? { annotations } : {}) },
        spec: { containers: [{ name: 'app', image: 'nginx:1.27', resources: { requests: { cpu: '200m' } } }] },
      },
    },
  };
}

function harness() {
  const sim = new Simulation({});
  const env = sim.kubectlEnv();
  const run = (line: string) => {
    let stdout = '';
    let stderr = '';
    const code = sim.openConsole((t, s) => (s === 'stdout' ? (stdout += t) : (stderr += t))).run(line);
    return { code, stdout, stderr };
  };
  const hpa = (name = 'web') => env.api.get(horizontalPodAutoscalerKind, 'default', name);
  const replicas = (name = 'web') => env.api.get(deploymentKind, 'default', name).spec.replicas as number;
  const advance = (ms: number) => sim.clock.advance(ms);
  return { sim, env, run, hpa, replicas, advance };
}

describe('HorizontalPodAutoscaler controller', () => {
  it('scales a Deployment up under load and down only after the 5 min stabilization window', () => {
    const h = harness();
    h.env.api.create(deployment());
    h.advance(30_000);
    expect(h.run('kubectl autoscale deployment web --cpu-percent=50 --min=1 --max=10').stdout).toBe(
      'horizontalpodautoscaler.autoscaling/web autoscaled\n',
    );
    // First sync 15 s after creation.
    expect(h.hpa().status).toEqual({ desiredReplicas: 0 });
    h.advance(15_000);
    expect(h.hpa().status.currentMetrics).toEqual([
      { resource: { current: { averageUtilization: 0, averageValue: '0' }, name: 'cpu' }, type: 'Resource' },
    ]);
    expect(h.run('kubeplay load deployment/web --cpu 90%').stdout).toBe(
      'deployment.apps/web: simulated CPU load set to 90% of the CPU request of each of its pods (1 pod now)\n',
    );
    h.advance(15_000);
    // 90% / 50% = 1.8 → ceil(1.8 × 1) = 2
    expect(h.replicas()).toBe(2);
    const events = h.env.api
      .list(h.env.registry.forObject('v1', 'Event')!, { namespace: 'default' })
      .items.filter((e) => (e.involvedObject as { kind?: string }).kind === 'HorizontalPodAutoscaler');
    expect(events.map((e) => `${e.reason}: ${e.message}`)).toEqual([
      'SuccessfulRescale: New size: 2; reason: cpu resource utilization (percentage of request) above target',
    ]);
    h.advance(5 * 60_000);
    expect(h.replicas()).toBe(10);
    expect(h.run('kubectl get hpa').stdout).toContain(
      'web    Deployment/web   cpu: 90%/50%   1         10        10         5m30s',
    );
    h.run('kubeplay load deployment/web --off');
    h.advance(4 * 60_000 + 45_000);
    expect(h.replicas()).toBe(10);
    expect(h.hpa().status.conditions.find((c: KObject) => c.type === 'AbleToScale')).toMatchObject({
      reason: 'ScaleDownStabilized',
    });
    h.advance(30_000);
    expect(h.replicas()).toBe(1);
    expect(h.hpa().status.conditions.find((c: KObject) => c.type === 'ScalingLimited')).toMatchObject({
      status: 'True',
      reason: 'TooFewReplicas',
    });
  });

  it('reads the kubeplay.dev/cpu-usage annotation when no load is set', () => {
    const h = harness();
    h.env.api.create(deployment('busy', 1, { 'kubeplay.dev/cpu-usage': '450m' }));
    h.advance(30_000);
    h.run('kubectl autoscale deployment busy --cpu-percent=50 --max=10');
    h.advance(15_000);
    // 450m of 200m = 225% → ceil(4.5) = 5, capped at max(2 × 1, 4) = 4
    expect(h.replicas('busy')).toBe(4);
    expect(h.hpa('busy').status.conditions.find((c: KObject) => c.type === 'ScalingLimited')).toMatchObject({
      reason: 'ScaleUpLimit',
      message: 'the desired replica count is increasing faster than the maximum scale rate',
    });
    expect(h.run('kubectl get hpa busy').stdout).toContain('cpu: 225%/50%');
  });

  it('reports a target it cannot resolve, like the seed hpa-rs.yaml without apiVersion', () => {
    const h = harness();
    h.run('kubectl apply -f https://k8s.io/examples/controllers/frontend.yaml');
    expect(h.run('kubectl apply -f https://k8s.io/examples/controllers/hpa-rs.yaml').stdout).toBe(
      'horizontalpodautoscaler.autoscaling/frontend-scaler created\n',
    );
    const stored = h.hpa('frontend-scaler');
    expect(stored.apiVersion).toBe('autoscaling/v2');
    expect(stored.spec).toEqual({
      scaleTargetRef: { kind: 'ReplicaSet', name: 'frontend' },
      minReplicas: 3,
      maxReplicas: 10,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }],
    });
    h.advance(15_000);
    expect(h.run('kubectl describe hpa frontend-scaler').stdout).toContain(
      `Conditions:
  Type         Status  Reason          Message
  ----         ------  ------          -------
  AbleToScale  False   FailedGetScale  the HPA controller was unable to get the target's current scale: no matches for kind "ReplicaSet" in group ""
Events:
  Type     Reason          Age   From                       Message
  ----     ------          ----  ----                       -------
  Warning  FailedGetScale  0s    horizontal-pod-autoscaler  no matches for kind "ReplicaSet" in group ""
`,
    );
  });

  it('says why without CPU requests, and sets ScalingActive=False', () => {
    const h = harness();
    h.run('kubectl apply -f https://k8s.io/examples/controllers/frontend.yaml');
    h.advance(30_000);
    h.run('kubectl autoscale rs frontend --max=10');
    h.advance(15_000);
    const active = h.hpa('frontend').status.conditions.find((c: KObject) => c.type === 'ScalingActive');
    expect(active).toMatchObject({ status: 'False', reason: 'FailedGetResourceMetric' });
    expect(active.message).toMatch(
      /^the HPA was unable to compute the replica count: failed to get cpu utilization: missing request for cpu in container php-redis of Pod frontend-/,
    );
    expect(h.hpa('frontend').status.currentMetrics).toEqual([{ type: '' }]);
    expect(h.run('kubectl describe hpa frontend').stdout).toMatch(
      /Warning {2}FailedComputeMetricsReplicas {2}0s {4}horizontal-pod-autoscaler {2}invalid metrics \(1 invalid out of 1\), first error is: failed to get cpu resource metric value: failed to get cpu utilization: missing request for cpu in container php-redis of Pod frontend-\w+\n/,
    );
  });

  it('defaults and validates like the API server', () => {
    const h = harness();
    const create = (spec: Record<string, unknown>) => {
      try {
        h.env.api.create({ apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'x' }, spec });
        return '';
      } catch (e) {
        if (e instanceof ApiError) return e.message;
        throw e;
      }
    };
    const ref = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
    expect(create({ scaleTargetRef: ref, minReplicas: 0, maxReplicas: 3 })).toBe(
      'HorizontalPodAutoscaler.autoscaling "x" is invalid: spec.minReplicas: Invalid value: 0: must be greater than or equal to 1',
    );
    expect(create({ scaleTargetRef: ref, minReplicas: 5, maxReplicas: 3 })).toBe(
      'HorizontalPodAutoscaler.autoscaling "x" is invalid: spec.maxReplicas: Invalid value: 3: must be greater than or equal to `minReplicas`',
    );
    expect(create({ scaleTargetRef: { name: 'web' }, maxReplicas: 3 })).toBe(
      'HorizontalPodAutoscaler.autoscaling "x" is invalid: spec.scaleTargetRef.kind: Required value',
    );
    expect(
      create({
        scaleTargetRef: ref,
        maxReplicas: 3,
        behavior: { scaleDown: { policies: [{ type: 'Pods', value: 0, periodSeconds: 15 }] } },
      }),
    ).toBe(
      'HorizontalPodAutoscaler.autoscaling "x" is invalid: spec.behavior.scaleDown.policies[0].value: Invalid value: 0: must be greater than zero',
    );
    expect(create({ scaleTargetRef: ref, maxReplicas: 3, behavior: { scaleDown: { stabilizationWindowSeconds: 60 } } })).toBe('');
    const b = h.hpa('x').spec.behavior;
    expect(b).toEqual({
      scaleDown: {
        stabilizationWindowSeconds: 60,
        selectPolicy: 'Max',
        policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }],
      },
      scaleUp: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Max',
        policies: [
          { type: 'Pods', value: 4, periodSeconds: 15 },
          { type: 'Percent', value: 100, periodSeconds: 15 },
        ],
      },
    });
    expect(h.hpa('x').spec.minReplicas).toBe(1);
    expect(h.hpa('x').spec.metrics[0].resource.target.averageUtilization).toBe(80);
  });
});

describe('metrics pipeline', () => {
  it('reports Running pods whose containers ran two scrapes, with values as of the last 15 s scrape', () => {
    const h = harness();
    h.env.api.create(deployment('m', 2));
    h.advance(10_000);
    const metrics = metricsServerFor(h.env.api);
    const pods = () => h.env.api.list(podKind, { namespace: 'default' }).items;
    expect(metrics.podMetrics(pods()).size).toBe(0); // started, but not yet sampled twice
    h.advance(35_000);
    const now = h.sim.clock.now();
    const m = metrics.podMetrics(pods());
    expect(m.size).toBe(2);
    expect([...m.values()][0]).toMatchObject({ milliCpu: 0, timestampMs: Math.floor(now / 15_000) * 15_000, windowMs: 15_000 });
    h.run('kubeplay load deployment/m --cpu 50%');
    // Not visible before the next scrape.
    expect([...metrics.podMetrics(pods()).values()][0].milliCpu).toBe(0);
    h.advance(15_000);
    expect([...metrics.podMetrics(pods()).values()].map((x) => x.milliCpu)).toEqual([100, 100]);
  });
});

describe('kubeplay load', () => {
  it('validates its arguments', () => {
    const h = harness();
    h.env.api.create(deployment('w'));
    expect(h.run('kubeplay load deployment/w').stderr).toMatch(
      /^error: say how much CPU load: --cpu 80% \(of the CPU request\), or --off\n/,
    );
    expect(h.run('kubeplay load deployment/w --cpu lots').stderr).toMatch(/^error: --cpu must be a percentage/);
    expect(h.run('kubeplay load deployment/nope --cpu 50%').stderr).toBe(
      'Error from server (NotFound): deployments.apps "nope" not found\n',
    );
    expect(h.run('kubeplay load deployment w --cpu 0%').stdout).toBe('deployment.apps/w: simulated CPU load removed\n');
  });
});

describe('kubectl autoscale / get hpa', () => {
  it('refuses kinds without a scale subresource and bad bounds', () => {
    const h = harness();
    h.run('kubectl run p --image=nginx');
    expect(h.run('kubectl autoscale pod p --max=3').stderr).toBe(
      'error: cannot autoscale a Pod: could not find scale subresource for /v1, Resource=pods in discovery information\n',
    );
    expect(h.run('kubectl autoscale deployment x').stderr).toBe('error: required flag(s) "max" not set\n');
    expect(h.run('kubectl autoscale deployment x --max=2 --min=3').stderr).toBe(
      'error: --max=MAXPODS must be larger or equal to --min=MINPODS, max: 2, min: 3\n',
    );
  });

  it('prints the v1 object on a client dry run', () => {
    const h = harness();
    h.env.api.create(deployment('d'));
    expect(h.run('kubectl autoscale deployment d --cpu-percent=50 --min=1 --max=10 --dry-run=client -o yaml').stdout).toBe(
      `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata:
  creationTimestamp: null
  name: d
spec:
  maxReplicas: 10
  minReplicas: 1
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: d
  targetCPUUtilizationPercentage: 50
status:
  currentReplicas: 0
  desiredReplicas: 0
`,
    );
    expect(h.run('kubectl autoscale deployment d --max=10 --name=e --dry-run=client').stdout).toBe(
      'horizontalpodautoscaler.autoscaling/e created (dry run)\n',
    );
  });
});
