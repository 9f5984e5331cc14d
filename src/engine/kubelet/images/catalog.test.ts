import { describe, expect, it } from 'vitest';
import { lookupImage, syntheticDigest, unknownImageSizeBytes } from './catalog';
import { mustParseImageReference } from './reference';

const lookup = (image: string) => lookupImage(mustParseImageReference(image));

describe('catalog', () => {
  it.each([
    'nginx',
    'nginx:1.7.9',
    'nginx:1.9.1',
    'nginx:1.14.2',
    'nginx:1.16.1',
    'busybox',
    'busybox:1.28',
    'perl',
    'perl:5.34.0',
    'redis',
    'httpd',
    'registry.k8s.io/pause:3.10',
    'registry.k8s.io/nginx-slim:0.8',
    'registry.k8s.io/nginx-slim:0.21',
    'gcr.io/google_containers/nginx-slim:0.8',
    'quay.io/fluentd_elasticsearch/fluentd:v2.5.2',
    'gcr.io/fluentd-elasticsearch/fluentd:v2.5.1',
    'gcr.io/google-samples/gb-frontend:v3',
    'gcr.io/google_samples/gb-frontend:v3',
    'gcr.io/google-samples/hello-app:1.0',
    'gcr.io/google-samples/hello-app:2.0',
  ])('knows %s', (image) => {
    const r = lookup(image);
    expect(r.found && r.image.known).toBe(true);
  });

  it.each(['nginx:1.91', 'nginx:sometag', 'busybox:9.9', 'registry.k8s.io/pause:latest'])('%s does not exist', (image) => {
    expect(lookup(image)).toEqual({ found: false });
  });

  it('unknown repositories pull with any tag, default size, serve forever', () => {
    const r = lookup('example.com/team/app:whatever');
    expect(r.found).toBe(true);
    if (!r.found) return;
    expect(r.image).toMatchObject({ known: false, sizeBytes: unknownImageSizeBytes, tag: 'whatever' });
    expect(r.image.defaults.behavior).toEqual({ kind: 'runs-forever' });
  });

  it.each([
    ['nginx:1.14.2', ['/docker-entrypoint.sh'], ['nginx', '-g', 'daemon off;'], 'runs-forever'],
    ['busybox:1.28', [], ['sh'], 'exits'],
    ['perl:5.34.0', ['docker-entrypoint.sh'], ['perl5.34.0', '-de0'], 'exits'],
    ['redis', ['docker-entrypoint.sh'], ['redis-server'], 'runs-forever'],
    ['httpd', [], ['httpd-foreground'], 'runs-forever'],
    ['registry.k8s.io/pause:3.10', ['/pause'], [], 'runs-forever'],
  ])('%s default process', (image, entrypoint, cmd, kind) => {
    const r = lookup(image);
    if (!r.found) throw new Error('not found');
    expect(r.image.defaults).toMatchObject({ entrypoint, cmd, behavior: { kind } });
    if (kind === 'exits') expect(r.image.defaults.behavior).toEqual({ kind: 'exits', exitCode: 0 });
  });

  it('ids are deterministic sha256-shaped digests, distinct per tag', () => {
    const a = lookup('nginx:1.14.2');
    const b = lookup('docker.io/library/nginx:1.14.2');
    const c = lookup('nginx:1.16.1');
    if (!a.found || !b.found || !c.found) throw new Error('not found');
    expect(a.image.id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(a.image.manifestDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(a.image.id).toBe(b.image.id);
    expect(a.image.id).not.toBe(c.image.id);
    expect(a.image.id).not.toBe(a.image.manifestDigest);
    expect(syntheticDigest('x')).toBe(syntheticDigest('x'));
  });

  it('sizes are realistic', () => {
    const size = (image: string) => {
      const r = lookup(image);
      return r.found ? r.image.sizeBytes : -1;
    };
    expect(size('nginx:1.14.2')).toBeGreaterThan(40_000_000);
    expect(size('nginx:1.14.2')).toBeLessThan(50_000_000);
    expect(size('busybox')).toBeLessThan(5_000_000);
    expect(size('perl')).toBeGreaterThan(300_000_000);
    expect(size('registry.k8s.io/pause:3.10')).toBeLessThan(1_000_000);
  });

  it('digest-only references of known repositories resolve (real digests are not modelled)', () => {
    const r = lookup(`busybox@sha256:${'9f'.repeat(32)}`);
    expect(r.found && r.image.manifestDigest).toBe(`sha256:${'9f'.repeat(32)}`);
  });

  it.each<[string, readonly number[] | undefined]>([
    ['nginx:1.14.2', [80]],
    ['redis', [6379]],
    ['mysql:8.0', [3306, 33060]],
    ['busybox', []],
    ['registry.k8s.io/goproxy:0.1', [8080]],
    ['registry.k8s.io/e2e-test-images/agnhost:2.40', undefined],
    ['example.com/team/app:v1', undefined],
  ])('%s listen ports', (image, ports) => {
    const r = lookup(image);
    if (!r.found) throw new Error('not found');
    expect(r.image.defaults.listenPorts).toEqual(ports);
  });

  it('pause exits cleanly on SIGTERM', () => {
    const r = lookup('registry.k8s.io/pause:3.10');
    expect(r.found && r.image.defaults.stopBehavior).toEqual({ code: 0, afterMs: 0 });
  });
});
