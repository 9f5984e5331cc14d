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
