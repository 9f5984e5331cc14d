import { describe, expect, it } from 'vitest';
import { podCountdowns } from '../controlplane/timers';
import { countdownCandidates } from './countdown-pods';
import { node, pod } from './fixtures';

const crashing = (name: string, nodeName: string) =>
  pod(name, nodeName, {
    status: {
      phase: 'Running',
      containerStatuses: [
        {
          name: 'c',
          ready: false,
          restartCount: 3,
          state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s restarting failed container=c' } },
          lastState: { terminated: { exitCode: 1, finishedAt: '2026-01-01T00:00:10Z' } },
        },
      ],
    },
  });

describe('countdownCandidates', () => {
  const unreachable = node('n2', 'z', {
    spec: {
      taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2026-01-01T00:00:00Z' }],
    },
  });
  const nodes = [node('n1', 'z'), unreachable];
  const pods = [pod('calm', 'n1'), crashing('looping', 'n1'), pod('stranded', 'n2'), pod('pending')];

  it('keeps the pods on NoExecute-tainted nodes and the crash-looping ones', () => {
    expect(countdownCandidates(pods, nodes).map((p) => p.metadata.name)).toEqual(['looping', 'stranded']);
  });

  it('leaves podCountdowns’ answer unchanged', () => {
    const now = Date.UTC(2026, 0, 1, 0, 0, 20);
    const all = podCountdowns(pods, nodes, now);
    expect(all.size).toBeGreaterThan(0);
    expect(podCountdowns(countdownCandidates(pods, nodes), nodes, now)).toEqual(all);
  });
});
