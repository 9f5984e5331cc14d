// kubectl get over more objects than a spread call can pass as arguments (about 120,000): a
// 1,000-node cluster already holds 160,000 Events, and `kubectl get events` ended with
// "error: internal error: Maximum call stack size exceeded".

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';

describe('kubectl get of a very long list', () => {
  it('prints every item', () => {
    const sim = new Simulation({ empty: true });
    const env = sim.kubectlEnv();
    const events = env.registry.forObject('v1', 'Event')!;
    const count = 200_000;
    for (let i = 0; i < count; i++) {
      // Straight into the store, stamped as the API server would: 200,000 creates through the
      // API would make this test slow without testing anything more.
      env.api.store.put(
        events,
        {
          apiVersion: 'v1',
          kind: 'Event',
          metadata: { name: `e${i}`, namespace: 'default', resourceVersion: String(i + 1), uid: `u${i}` },
          involvedObject: { kind: 'Pod', namespace: 'default', name: `p${i % 7}` },
          reason: 'Started',
          type: 'Normal',
        },
        env.api.store.nextResourceVersion(),
        undefined,
      );
    }
    let stdout = '';
    let stderr = '';
    const code = sim.openConsole((t, s) => (s === 'stdout' ? (stdout += t) : (stderr += t))).run('kubectl get events -o name');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.length).toBe(count);
    expect(lines[0]).toBe('event/e0');
    expect(
      sim
        .openConsole(() => {})
        .run('kubectl get events -o jsonpath={.items[*].metadata.name} --field-selector involvedObject.name=p3'),
    ).toBe(0);
  });
});
