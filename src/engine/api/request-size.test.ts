// The API server's size limits: a client's request body over 3 MiB is a 413, and an object over
// etcd's 1.5 MiB request limit is refused by storage (a 500 without a reason, as etcd's error is
// passed on); either way nothing is stored. kubectl prints them as real kubectl does.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { formatApiError } from '../kubectl/print-error';
import { MAX_REQUEST_BODY_BYTES, MAX_STORED_OBJECT_BYTES } from './apiserver';
import { expectApiError, newCluster, podManifest } from './apiserver-test-fixtures';
import { deploymentKind, podKind } from './kinds';

/** A pod whose one env value makes its JSON about `bytes` long. */
function podOfSize(name: string, bytes: number): KObject {
  const pod = podManifest(name);
  return {
    ...pod,
    spec: { containers: [{ name: 'c', image: 'nginx', env: [{ name: 'BIG', value: 'x'.repeat(bytes) }] }] },
  };
}

describe('request and object size limits', () => {
  it('refuses a body over MaxRequestBodyBytes with 413 and stores nothing', () => {
    const { api } = newCluster();
    const e = expectApiError(() => api.create(podOfSize('big', MAX_REQUEST_BODY_BYTES + 10), { fieldValidation: 'Strict' }), {
      code: 413,
      reason: 'RequestEntityTooLarge',
      message: 'Request entity too large: limit is 3145728',
    });
    expect(formatApiError(e)).toBe('Error from server (RequestEntityTooLarge): Request entity too large: limit is 3145728\n');
    expect(api.tryGet(podKind, 'default', 'big')).toBeUndefined();
  });

  it('refuses an object over etcd’s request limit with storage’s error and stores nothing', () => {
    const { api } = newCluster();
    const e = expectApiError(() => api.create(podOfSize('big', MAX_STORED_OBJECT_BYTES + 10), { fieldValidation: 'Strict' }), {
      code: 500,
      message: 'etcdserver: request is too large',
    });
    expect(formatApiError(e)).toBe('Error from server: etcdserver: request is too large\n');
    expect(api.tryGet(podKind, 'default', 'big')).toBeUndefined();
  });

  it('refuses an update that grows an object past the limit, and keeps the stored one', () => {
    const { api } = newCluster();
    const deployment = (value: string): KObject => ({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'grow', namespace: 'default' },
      spec: {
        selector: { matchLabels: { app: 'grow' } },
        template: {
          metadata: { labels: { app: 'grow' } },
          spec: { containers: [{ name: 'c', image: 'nginx', env: [{ name: 'BIG', value }] }] },
        },
      },
    });
    const small = api.create(deployment('x'), { fieldValidation: 'Strict' });
    const grown = { ...deployment('x'.repeat(MAX_STORED_OBJECT_BYTES)), metadata: small.metadata };
    expectApiError(() => api.update(grown, { fieldValidation: 'Strict' }), {
      code: 500,
      message: 'etcdserver: request is too large',
    });
    expect(api.get(deploymentKind, 'default', 'grow').metadata.resourceVersion).toBe(small.metadata.resourceVersion);
  });

  it('accepts an object just under the limits', () => {
    const { api } = newCluster();
    expect(api.create(podOfSize('fits', MAX_STORED_OBJECT_BYTES - 4096), { fieldValidation: 'Strict' }).metadata.name).toBe(
      'fits',
    );
  });
});
