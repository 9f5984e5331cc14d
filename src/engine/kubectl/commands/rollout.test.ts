import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { deploymentStatus } from './rollout';
import { buildDeployment, containerNameFromImage } from './create-deployment';
import { changeCause } from './record';
import { Simulation } from '../../simulation';

function d(status: Record<string, unknown>, generation = 1, replicas = 3): KObject {
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x', generation }, spec: { replicas }, status };
}

describe('rollout status messages', () => {
  it('follows DeploymentStatusViewer in order', () => {
    expect(deploymentStatus(d({ observedGeneration: 1 }, 2)).message).toBe(
      'Waiting for deployment spec update to be observed...\n',
    );
    expect(deploymentStatus(d({ observedGeneration: 1, updatedReplicas: 1, replicas: 4 })).message).toBe(
      'Waiting for deployment "x" rollout to finish: 1 out of 3 new replicas have been updated...\n',
    );
    expect(deploymentStatus(d({ observedGeneration: 1, updatedReplicas: 3, replicas: 4 })).message).toBe(
      'Waiting for deployment "x" rollout to finish: 1 old replicas are pending termination...\n',
    );
    expect(deploymentStatus(d({ observedGeneration: 1, updatedReplicas: 3, replicas: 3, availableReplicas: 2 })).message).toBe(
      'Waiting for deployment "x" rollout to finish: 2 of 3 updated replicas are available...\n',
    );
    expect(deploymentStatus(d({ observedGeneration: 1, updatedReplicas: 3, replicas: 3, availableReplicas: 3 }))).toEqual({
      message: 'deployment "x" successfully rolled out\n',
      done: true,
    });
    expect(() =>
      deploymentStatus(
        d({ observedGeneration: 1, conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }] }),
      ),
    ).toThrow('deployment "x" exceeded its progress deadline');
  });
});

describe('create deployment', () => {
  it('names containers after the image and labels app=NAME', () => {
    expect(containerNameFromImage('k8s.gcr.io/echoserver:1.4')).toBe('echoserver');
    expect(containerNameFromImage('nginx@sha256:abc')).toBe('nginx');
    const dep = buildDeployment('web', ['nginx:1.9.1'], 2, 80, []);
    expect(dep.spec).toMatchObject({
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.9.1', ports: [{ containerPort: 80 }] }] },
      },
    });
  });
});

describe('--record', () => {
  it('writes the command path, arguments and the flags as given', () => {
    const parsed = {
      flags: { record: true, filename: ['https://k8s.io/examples/controllers/nginx-deployment.yaml'] },
      changed: new Set(['filename', 'record']),
      args: [],
      afterDash: undefined,
    };
    expect(changeCause('apply', parsed)).toBe(
      'kubectl apply --filename=https://k8s.io/examples/controllers/nginx-deployment.yaml --record=true',
    );
  });
});

describe('rollout status on a busy cluster', () => {
  it('answers from the current state when the Deployment last changed before the watch history', () => {
    const sim = new Simulation({ seed: 1 });
    let out = '';
    const run = (line: string) => sim.openConsole((t) => (out += t)).run(line);
    expect(run('kubectl create deployment web --image=nginx --replicas=2')).toBe(0);
    expect(run('sleep 1m')).toBe(0);
    // More writes than the watch history keeps (4,096 events), none of them to the Deployment.
    for (let i = 0; i < 4_200; i++) run(`kubectl create configmap c${i}`);
    out = '';
    expect(run('kubectl rollout status deployment web')).toBe(0);
    expect(out).toBe('deployment "web" successfully rolled out\n');
  });
});
