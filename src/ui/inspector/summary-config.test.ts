import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { summaryRows } from './summary';
import { linkedNames } from './summary-config';

const rowsOf = (obj: KObject) => Object.fromEntries(summaryRows(obj, 0));

describe('inspector summary: configuration', () => {
  it('lists a ConfigMap’s keys and a Secret’s keys with sizes, never its values', () => {
    const cm = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c' },
      data: { b: '1', a: '2' },
      binaryData: { bin: 'AAE=' },
    } as KObject;
    expect(rowsOf(cm).Keys).toBe('a, b, bin (binary)');
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      type: 'Opaque',
      data: { password: 'MWYyZDFlMmU2N2Rm', username: 'YWRtaW4=' },
    } as KObject;
    const rows = rowsOf(secret);
    expect(rows).toMatchObject({ Type: 'Opaque', Keys: 'password (12 bytes), username (5 bytes)' });
    expect(JSON.stringify(rows)).not.toContain('admin');
  });

  it('shows which ConfigMaps and Secrets a pod uses, and how', () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'default' },
      spec: {
        serviceAccountName: 'default',
        containers: [
          {
            name: 'c',
            image: 'nginx',
            env: [{ name: 'U', valueFrom: { secretKeyRef: { name: 'creds', key: 'username' } } }],
            envFrom: [{ configMapRef: { name: 'game' } }],
          },
        ],
        volumes: [
          { name: 'cfg', configMap: { name: 'game' } },
          { name: 'kube-api-access-x', projected: { sources: [{ configMap: { name: 'kube-root-ca.crt' } }] } },
        ],
      },
    } as KObject;
    expect(rowsOf(pod)).toMatchObject({
      'Service account': 'default',
      ConfigMaps: 'game (env, files), kube-root-ca.crt (files)',
      Secrets: 'creds (env)',
    });
  });

  it('splits a linked row into object names and the text after each', () => {
    expect(linkedNames('game (env, files), kube-root-ca.crt (files)')).toEqual([
      { name: 'game', rest: ' (env, files), ' },
      { name: 'kube-root-ca.crt', rest: ' (files)' },
    ]);
    expect(linkedNames('default')).toEqual([{ name: 'default', rest: '' }]);
  });
});
