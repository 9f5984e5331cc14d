import { describe, expect, it } from 'vitest';
import { lookupImage } from './catalog';
import { NodeImageCache } from './node-image-cache';
import { formatGoDuration } from '../../../k8s/duration';
import { Backoff } from '../../runtime/flowcontrol-backoff';
import {
  defaultPullPolicy,
  imageBackOffInitialMs,
  imageBackOffKey,
  imageBackOffMaxMs,
  pullDurationMs,
  pulledMessage,
  resolvePull,
} from './pull';

/** The kubelet's image pull back-off, with one failure of `key` at `atMs`. */
function failedOnce(key: string, atMs: number): Backoff {
  const backoff = new Backoff(imageBackOffInitialMs, imageBackOffMaxMs);
  backoff.next(key, atMs);
  return backoff;
}
import { mustParseImageReference } from './reference';

function cacheWith(...images: string[]): NodeImageCache {
  const cache = new NodeImageCache();
  for (const image of images) {
    const ref = mustParseImageReference(image);
    const r = lookupImage(ref);
    if (!r.found) throw new Error(image);
    cache.add(ref, r.image);
  }
  return cache;
}

describe('defaultPullPolicy', () => {
  it.each([
    ['nginx', 'Always'],
    ['nginx:latest', 'Always'],
    ['registry.k8s.io/pause', 'Always'],
    ['localhost:5000/app', 'Always'],
    ['nginx:1.14.2', 'IfNotPresent'],
    ['busybox:1.28', 'IfNotPresent'],
    [`busybox@sha256:${'a'.repeat(64)}`, 'IfNotPresent'],
    [`busybox:latest@sha256:${'a'.repeat(64)}`, 'Always'],
    ['Nginx', 'IfNotPresent'],
  ])('%s → %s', (image, policy) => {
    expect(defaultPullPolicy(image)).toBe(policy);
  });
});

describe('resolvePull', () => {
  it('IfNotPresent with the image present: already present', () => {
    const d = resolvePull('nginx:1.14.2', 'IfNotPresent', cacheWith('nginx:1.14.2'));
    expect(d.action).toBe('present');
    expect(d.events).toEqual([
      { type: 'Normal', reason: 'Pulled', message: 'Container image "nginx:1.14.2" already present on machine' },
    ]);
  });

  it('Never with the image present: already present', () => {
    expect(resolvePull('busybox:1.28', 'Never', cacheWith('busybox:1.28')).action).toBe('present');
  });

  it('Never with the image absent: ErrImageNeverPull', () => {
    const d = resolvePull('busybox:1.28', 'Never', new NodeImageCache());
    expect(d).toEqual({
      action: 'never',
      reason: 'ErrImageNeverPull',
      message: 'Container image "busybox:1.28" is not present with pull policy of Never',
      events: [
        {
          type: 'Warning',
          reason: 'ErrImageNeverPull',
          message: 'Container image "busybox:1.28" is not present with pull policy of Never',
        },
        { type: 'Warning', reason: 'Failed', message: 'Error: ErrImageNeverPull' },
      ],
    });
  });

  it('IfNotPresent with the image absent: pulls with a size-based duration', () => {
    const d = resolvePull('nginx:1.14.2', 'IfNotPresent', new NodeImageCache());
    if (d.action !== 'pull' || !d.outcome.ok) throw new Error(d.action);
    const size = d.outcome.image.sizeBytes;
    expect(d.durationMs).toBe(pullDurationMs(size));
    expect(d.durationMs).toBe(500 + Math.ceil((size * 1000) / 30_000_000));
    expect(d.events).toEqual([{ type: 'Normal', reason: 'Pulling', message: 'Pulling image "nginx:1.14.2"' }]);
    expect(d.outcome.events).toEqual([
      {
        type: 'Normal',
        reason: 'Pulled',
        message: `Successfully pulled image "nginx:1.14.2" in ${formatGoDuration(d.durationMs)} (${formatGoDuration(d.durationMs)} including waiting). Image size: ${size} bytes.`,
      },
    ]);
  });

  it('Always pulls even when present, but only re-checks the manifest', () => {
    const d = resolvePull('nginx', 'Always', cacheWith('nginx'));
    expect(d.action === 'pull' && d.durationMs).toBe(500);
    const fresh = resolvePull('nginx', 'Always', new NodeImageCache());
    expect(fresh.action === 'pull' && fresh.durationMs).toBeGreaterThan(500);
  });

  it('a known image with an unknown tag fails with ErrImagePull', () => {
    const d = resolvePull('nginx:1.91', 'IfNotPresent', new NodeImageCache());
    if (d.action !== 'pull' || d.outcome.ok) throw new Error(d.action);
    const err =
      'rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.91": failed to resolve reference "docker.io/library/nginx:1.91": docker.io/library/nginx:1.91: not found';
    expect(d.durationMs).toBe(500);
    expect(d.events).toEqual([{ type: 'Normal', reason: 'Pulling', message: 'Pulling image "nginx:1.91"' }]);
    expect(d.outcome).toEqual({
      ok: false,
      reason: 'ErrImagePull',
      message: err,
      events: [
        { type: 'Warning', reason: 'Failed', message: `Failed to pull image "nginx:1.91": ${err}` },
        { type: 'Warning', reason: 'Failed', message: 'Error: ErrImagePull' },
      ],
    });
  });

  it('unknown repositories pull fine', () => {
    const d = resolvePull('example.com/me/app:v7', 'IfNotPresent', new NodeImageCache());
    expect(d.action === 'pull' && d.outcome.ok).toBe(true);
  });

  it('inside the back-off window: ImagePullBackOff without pulling', () => {
    const key = imageBackOffKey('uid-1', 'nginx:sometag');
    const backoff = failedOnce(key, 1_000);
    const d = resolvePull('nginx:sometag', 'IfNotPresent', new NodeImageCache(), {
      backOff: { backoff, key, nowMs: 5_000 },
    });
    expect(d).toEqual({
      action: 'backoff',
      reason: 'ImagePullBackOff',
      message: 'Back-off pulling image "nginx:sometag"',
      events: [
        { type: 'Normal', reason: 'BackOff', message: 'Back-off pulling image "nginx:sometag"' },
        { type: 'Warning', reason: 'Failed', message: 'Error: ImagePullBackOff' },
      ],
    });
    const after = resolvePull('nginx:sometag', 'IfNotPresent', new NodeImageCache(), {
      backOff: { backoff, key, nowMs: 11_000 },
    });
    expect(after.action).toBe('pull');
  });

  it('present images skip the back-off check', () => {
    const key = imageBackOffKey('uid-1', 'nginx:1.14.2');
    const d = resolvePull('nginx:1.14.2', 'IfNotPresent', cacheWith('nginx:1.14.2'), {
      backOff: { backoff: failedOnce(key, 0), key, nowMs: 1 },
    });
    expect(d.action).toBe('present');
  });

  it('invalid names: InvalidImageName', () => {
    const message =
      'Failed to apply default image tag "Nginx": couldn\'t parse image name "Nginx": invalid reference format: repository name (library/Nginx) must be lowercase';
    expect(resolvePull('Nginx', 'IfNotPresent', new NodeImageCache())).toEqual({
      action: 'invalid',
      reason: 'InvalidImageName',
      message,
      events: [
        { type: 'Warning', reason: 'InspectFailed', message },
        { type: 'Warning', reason: 'Failed', message: 'Error: InvalidImageName' },
      ],
    });
  });

  it('is deterministic', () => {
    const a = resolvePull('perl:5.34.0', 'IfNotPresent', new NodeImageCache());
    const b = resolvePull('perl:5.34.0', 'IfNotPresent', new NodeImageCache());
    expect(a).toEqual(b);
  });
});

describe('image back-off', () => {
  it('10 s doubling to 300 s on consecutive failures', () => {
    const key = imageBackOffKey('uid', 'nginx:1.91');
    const backoff = new Backoff(imageBackOffInitialMs, imageBackOffMaxMs);
    let now = 0;
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      backoff.next(key, now);
      seen.push(backoff.get(key));
      now += backoff.get(key);
    }
    expect(seen).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
  });

  it('is in back-off for the window since the last update only', () => {
    const key = 'uid_busybox:9';
    const backoff = failedOnce(key, 100_000);
    expect(backoff.isInBackOffSinceUpdate(key, 100_000)).toBe(true);
    expect(backoff.isInBackOffSinceUpdate(key, 109_999)).toBe(true);
    expect(backoff.isInBackOffSinceUpdate(key, 110_000)).toBe(false);
    expect(backoff.isInBackOffSinceUpdate('other', 100_000)).toBe(false);
  });

  it('resets to 10 s after more than 600 s without failures; GC drops such entries', () => {
    const key = 'k';
    const backoff = failedOnce(key, 0);
    backoff.next(key, 10_000);
    expect(backoff.get(key)).toBe(20_000);
    backoff.gc(610_000);
    expect(backoff.get(key)).toBe(20_000);
    backoff.next(key, 610_001);
    expect(backoff.get(key)).toBe(10_000);
    backoff.gc(1_220_002);
    expect(backoff.get(key)).toBe(0);
  });
});

describe('messages', () => {
  it.each([
    [0, '0s'],
    [313, '313ms'],
    [1000, '1s'],
    [1234, '1.234s'],
    [1500, '1.5s'],
    [15981, '15.981s'],
    [62_500, '1m2.5s'],
    [120_000, '2m0s'],
    [3_600_000, '1h0m0s'],
  ])('formatGoDuration(%d) = %s', (ms, want) => {
    expect(formatGoDuration(ms)).toBe(want);
  });

  it('pulled message', () => {
    expect(pulledMessage('nginx', 1234, 1234, 71026652)).toBe(
      'Successfully pulled image "nginx" in 1.234s (1.234s including waiting). Image size: 71026652 bytes.',
    );
  });
});
