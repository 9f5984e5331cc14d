// claimAfterOneChange must give what a full claim over the candidates gives, pod for pod and in
// list order, through random single changes (or say it cannot, and the claim is taken afresh).

import { describe, expect, it } from 'vitest';
import { selectorFromSet } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import { SeededRandom } from '../../clock/random';
import { Informer, OWNER_UID_INDEX } from '../../runtime/informer';
import { claimCandidates, claimCandidateStamps } from '../../runtime/lookups';
import { controllerRef, newTestCluster, pod, replicaSet, testKinds } from '../../runtime/testing-fixtures';
import { isPodActive } from '../active-pods';
import { getControllerOf } from '../controller-ref-manager';
import { claimAfterOneChange, type ClaimedPods } from './claim-step';

describe('claimAfterOneChange', () => {
  it.each([1, 2, 3])('seed %i: equals a full claim after every single change', (seed) => {
    const { api } = newTestCluster(seed);
    const pods = new Informer(api, testKinds.pod);
    pods.start();
    const rs = api.create(replicaSet('rs'));
    const other = api.create(replicaSet('other'));
    const uid = rs.metadata.uid!;
    const selector = selectorFromSet({ app: 'web' });
    const full = (): KObject[] =>
      claimCandidates(pods, 'default', uid).filter(
        (p) => isPodActive(p) && getControllerOf(p)?.uid === uid && selector.matches(p.metadata.labels),
      );
    const r = new SeededRandom(seed);
    let claimed: ClaimedPods = { pods: full() };
    let stamp = claimCandidateStamps(pods, 'default', uid)[0];
    let stepped = 0;
    for (let i = 0; i < 400; i++) {
      const names = pods.list('default').map((p) => p.metadata.name!);
      const target = names.length > 0 ? pods.get('default', names[r.int(names.length)])! : undefined;
      const roll = r.int(7);
      if (roll <= 1 || !target) {
        const owner = r.int(5) === 0 ? other : rs;
        api.create(pod(`p${i}`, { owners: [controllerRef(owner)], labels: { app: r.int(6) === 0 ? 'db' : 'web' } }));
      } else if (roll === 2) {
        api.update({ ...target, metadata: { ...target.metadata, labels: { app: r.int(2) === 0 ? 'db' : 'web' } } });
      } else if (roll === 3) {
        api.delete(testKinds.pod, 'default', target.metadata.name!);
      } else if (roll === 4) {
        api.updateStatus({ ...target, status: { phase: ['Running', 'Succeeded', 'Pending'][r.int(3)] } });
      } else if (roll === 5) {
        api.update({ ...target, metadata: { ...target.metadata, ownerReferences: [controllerRef(r.int(2) ? rs : other)] } });
      } else {
        api.update({ ...target, spec: { ...target.spec, nodeName: `n${r.int(3)}` } });
      }
      const now = claimCandidateStamps(pods, 'default', uid)[0];
      if (now === stamp) continue;
      const change = pods.lastChange(OWNER_UID_INDEX, uid);
      const step =
        change?.before === stamp ? claimAfterOneChange(pods, claimed, change.key, 'default', uid, selector) : undefined;
      if (step) stepped++;
      else claimed = { pods: full() };
      stamp = now;
      expect(claimed.pods.map((p) => p.metadata.name)).toEqual(full().map((p) => p.metadata.name));
      expect(claimed.pods).toEqual(full());
    }
    expect(stepped).toBeGreaterThan(100);
  });
});
