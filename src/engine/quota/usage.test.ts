import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { podConstraintsError } from '../api/admission-plugins/resource-quota';
import { persistentVolumeClaimKind, podKind, serviceKind } from '../api/kinds';
import { kindMatches, objectScopes, prettyPrint, scopesMatch, usageOf } from './usage';

const pod = (containers: any[], phase?: string): KObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', namespace: 'default' },
  spec: { containers },
  status: phase ? { phase } : {},
});
const text = (u: Map<string, { toString(): string }>) => Object.fromEntries([...u].map(([k, v]) => [k, v.toString()]));

describe('quota usage', () => {
  it('counts a pod, its requests under both names and its limits', () => {
    const p = pod([
      { name: 'a', resources: { requests: { cpu: '250m', memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } } },
      { name: 'b', resources: { requests: { cpu: '250m' } } },
    ]);
    expect(text(usageOf(podKind, p))).toEqual({
      'count/pods': '1',
      pods: '1',
      cpu: '500m',
      'requests.cpu': '500m',
      memory: '64Mi',
      'requests.memory': '64Mi',
      'limits.cpu': '500m',
      'limits.memory': '128Mi',
    });
    expect(usageOf(podKind, pod([], 'Succeeded')).size).toBe(0);
  });

  it('counts claims by class and services by type', () => {
    const pvc: KObject = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'c', namespace: 'default' },
      spec: { storageClassName: 'gold', resources: { requests: { storage: '5Gi' } } },
    };
    expect(text(usageOf(persistentVolumeClaimKind, pvc))).toEqual({
      'count/persistentvolumeclaims': '1',
      persistentvolumeclaims: '1',
      'gold.storageclass.storage.k8s.io/persistentvolumeclaims': '1',
      'requests.storage': '5Gi',
      'gold.storageclass.storage.k8s.io/requests.storage': '5Gi',
    });
    const svc: KObject = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 's', namespace: 'default' },
      spec: { type: 'NodePort', ports: [{ port: 80 }, { port: 443 }] },
    };
    expect(text(usageOf(serviceKind, svc))).toEqual({ 'count/services': '1', services: '1', 'services.nodeports': '2' });
    expect(kindMatches(podKind, 'limits.memory')).toBe(true);
    expect(kindMatches(podKind, 'requests.storage')).toBe(false);
  });

  it('prints requested / used / limited lists sorted', () => {
    const u = usageOf(podKind, pod([{ name: 'a', resources: { requests: { cpu: '1' } } }]));
    expect(prettyPrint(u)).toBe('count/pods=1,cpu=1,pods=1,requests.cpu=1');
  });

  it('names the containers that leave a limited resource unset (must specify)', () => {
    const p = pod([
      { name: 'web', resources: { requests: { cpu: '1' } } },
      { name: 'side', resources: {} },
    ]);
    expect(podConstraintsError(p, ['requests.cpu', 'limits.memory', 'pods'])).toBe(
      'must specify limits.memory for: side,web; requests.cpu for: side',
    );
    expect(podConstraintsError(p, ['pods'])).toBeUndefined();
  });

  it('puts pods under quota scopes by QoS, deadline and priority class', () => {
    const bestEffort = pod([{ name: 'a' }]);
    const burstable: KObject = {
      ...pod([{ name: 'a', resources: { requests: { cpu: '1' } } }]),
      spec: {
        containers: [{ name: 'a', resources: { requests: { cpu: '1' } } }],
        activeDeadlineSeconds: 60,
        priorityClassName: 'high',
      },
    };
    expect([...objectScopes(podKind, bestEffort)].sort()).toEqual(['BestEffort', 'NotTerminating']);
    expect([...objectScopes(podKind, burstable)].sort()).toEqual(['NotBestEffort', 'PriorityClass', 'Terminating']);
    expect(scopesMatch(['BestEffort'], objectScopes(podKind, bestEffort))).toBe(true);
    expect(scopesMatch(['BestEffort', 'Terminating'], objectScopes(podKind, bestEffort))).toBe(false);
    expect(scopesMatch(undefined, objectScopes(serviceKind, { apiVersion: 'v1', kind: 'Service', metadata: {} }))).toBe(true);
    expect(scopesMatch(['NotBestEffort'], objectScopes(serviceKind, { apiVersion: 'v1', kind: 'Service', metadata: {} }))).toBe(
      false,
    );
  });
});
