import { describe, expect, it } from 'vitest';
import { applyDefaultImageTag, parseImageReference } from './reference';

const sha = 'sha256:9f1003c480699be56815db0f8146ad2e22efea85129b5b5983d0e0fb52d9ab70';

describe('parseImageReference', () => {
  it.each([
    ['nginx', 'docker.io', 'library/nginx', undefined, undefined, 'docker.io/library/nginx:latest', 'nginx'],
    ['nginx:1.14.2', 'docker.io', 'library/nginx', '1.14.2', undefined, 'docker.io/library/nginx:1.14.2', 'nginx'],
    ['library/busybox:1.28', 'docker.io', 'library/busybox', '1.28', undefined, 'docker.io/library/busybox:1.28', 'busybox'],
    [
      'index.docker.io/library/redis',
      'docker.io',
      'library/redis',
      undefined,
      undefined,
      'docker.io/library/redis:latest',
      'redis',
    ],
    ['bitnami/redis:7.2', 'docker.io', 'bitnami/redis', '7.2', undefined, 'docker.io/bitnami/redis:7.2', 'bitnami/redis'],
    [
      'registry.k8s.io/pause:3.10',
      'registry.k8s.io',
      'pause',
      '3.10',
      undefined,
      'registry.k8s.io/pause:3.10',
      'registry.k8s.io/pause',
    ],
    ['localhost:5000/app', 'localhost:5000', 'app', undefined, undefined, 'localhost:5000/app:latest', 'localhost:5000/app'],
    ['localhost/app:v1', 'localhost', 'app', 'v1', undefined, 'localhost/app:v1', 'localhost/app'],
    [
      'quay.io/fluentd_elasticsearch/fluentd:v2.5.2',
      'quay.io',
      'fluentd_elasticsearch/fluentd',
      'v2.5.2',
      undefined,
      'quay.io/fluentd_elasticsearch/fluentd:v2.5.2',
      'quay.io/fluentd_elasticsearch/fluentd',
    ],
    [`busybox@${sha}`, 'docker.io', 'library/busybox', undefined, sha, `docker.io/library/busybox@${sha}`, 'busybox'],
    [`nginx:1.25@${sha}`, 'docker.io', 'library/nginx', '1.25', sha, `docker.io/library/nginx:1.25@${sha}`, 'nginx'],
  ])('%s', (image, domain, path, tag, digest, canonical, familiar) => {
    const r = parseImageReference(image);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.ref).toMatchObject({ domain, path, tag, digest, canonical, familiarName: familiar });
    expect(r.ref.repository).toBe(`${domain}/${path}`);
  });

  it.each([
    ['Nginx', 'invalid reference format: repository name (library/Nginx) must be lowercase'],
    ['docker.io/MyOrg/app', 'invalid reference format: repository name (MyOrg/app) must be lowercase'],
    ['', 'invalid reference format'],
    ['nginx:', 'invalid reference format'],
    ['nginx:-bad', 'invalid reference format'],
    ['nginx::1', 'invalid reference format'],
    ['-nginx', 'invalid reference format'],
    ['nginx@sha256:abc', 'invalid reference format'],
    [`nginx@sha256:${'a'.repeat(40)}`, 'invalid checksum digest length'],
    [`nginx@md5:${'a'.repeat(32)}`, 'unsupported digest algorithm'],
    ['a'.repeat(64), `invalid repository name (${'a'.repeat(64)}), cannot specify 64-byte hexadecimal strings`],
    [`x/${'a'.repeat(260)}`, 'repository name must not be more than 255 characters'],
  ])('rejects %j', (image, error) => {
    expect(parseImageReference(image)).toEqual({ ok: false, error });
  });

  it('mixed-case first component is taken as the registry host', () => {
    // MyRepo is a domain (it has upper case), "app" the path.
    const r = parseImageReference('MyRepo/app');
    expect(r.ok && r.ref.domain).toBe('MyRepo');
  });
});

describe('applyDefaultImageTag', () => {
  it.each([
    ['nginx', 'nginx:latest'],
    ['nginx:1.9.1', 'nginx:1.9.1'],
    [`busybox@${sha}`, `busybox@${sha}`],
    ['localhost:5000/app', 'localhost:5000/app:latest'],
  ])('%s → %s', (image, want) => {
    expect(applyDefaultImageTag(image)).toEqual({ ok: true, image: want });
  });

  it('wraps the parse error like the kubelet', () => {
    expect(applyDefaultImageTag('Nginx')).toEqual({
      ok: false,
      error: 'couldn\'t parse image name "Nginx": invalid reference format: repository name (library/Nginx) must be lowercase',
    });
  });
});
