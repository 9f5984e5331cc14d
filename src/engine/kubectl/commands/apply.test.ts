import { describe, expect, it } from 'vitest';
import { threeWayPatch } from './apply';

describe('threeWayPatch', () => {
  const live = {
    metadata: { name: 'web', labels: { app: 'web', tier: 'frontend' }, uid: 'u' },
    spec: { containers: [{ name: 'web', image: 'nginx:1.14.2', imagePullPolicy: 'IfNotPresent' }], restartPolicy: 'Always' },
  };

  it.each([
    [
      'nothing changed (server defaults are not differences)',
      { metadata: { labels: { app: 'web', tier: 'frontend' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.14.2' }] } },
      { metadata: { labels: { app: 'web', tier: 'frontend' } } },
      undefined,
    ],
    [
      'a changed image sends the list',
      { spec: { containers: [{ name: 'web', image: 'nginx:1.16.1' }] } },
      { spec: { containers: [{ name: 'web', image: 'nginx:1.14.2' }] } },
      { spec: { containers: [{ name: 'web', image: 'nginx:1.16.1' }] } },
    ],
    [
      'a label dropped since the last apply is deleted',
      { metadata: { labels: { app: 'web' } } },
      { metadata: { labels: { app: 'web', tier: 'frontend' } } },
      { metadata: { labels: { tier: null } } },
    ],
    [
      'a label set by someone else is kept',
      { metadata: { labels: { app: 'web' } } },
      { metadata: { labels: { app: 'web' } } },
      undefined,
    ],
    ['a new field is added', { metadata: { annotations: { a: 'b' } } }, {}, { metadata: { annotations: { a: 'b' } } }],
  ])('%s', (_title, desired, original, expected) => {
    expect(threeWayPatch(original, desired, live)).toEqual(expected);
  });
});

describe('kubectl apply of another served version', () => {
  it('compares an autoscaling/v1 manifest with the stored v2 HPA, so a re-apply is unchanged', async () => {
    const { Simulation } = await import('../../simulation');
    const sim = new Simulation({ seed: 1 });
    const lines: string[] = [];
    const console = sim.openConsole((text) => lines.push(text));
    const url = 'https://k8s.io/examples/controllers/hpa-rs.yaml';
    expect(console.run(`kubectl apply -f ${url}`)).toBe(0);
    expect(console.run(`kubectl apply -f ${url}`)).toBe(0);
    expect(lines.join('')).toBe(
      'horizontalpodautoscaler.autoscaling/frontend-scaler created\nhorizontalpodautoscaler.autoscaling/frontend-scaler unchanged\n',
    );
  });
});
