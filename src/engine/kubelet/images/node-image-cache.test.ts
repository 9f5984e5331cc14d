import { describe, expect, it } from 'vitest';
import { lookupImage, type CatalogImage } from './catalog';
import { NodeImageCache, toNodeStatusImages, type CachedImage } from './node-image-cache';
import { mustParseImageReference } from './reference';

function pull(cache: NodeImageCache, image: string): CatalogImage {
  const ref = mustParseImageReference(image);
  const r = lookupImage(ref);
  if (!r.found) throw new Error('not found');
  cache.add(ref, r.image);
  return r.image;
}

describe('NodeImageCache', () => {
  it('finds by any spelling of the tag and by repo digest', () => {
    const cache = new NodeImageCache();
    const img = pull(cache, 'nginx:1.14.2');
    expect(cache.has(mustParseImageReference('docker.io/library/nginx:1.14.2'))).toBe(true);
    expect(cache.has(mustParseImageReference('library/nginx:1.14.2'))).toBe(true);
    expect(cache.has(mustParseImageReference(`nginx@${img.manifestDigest}`))).toBe(true);
    expect(cache.has(mustParseImageReference('nginx:1.16.1'))).toBe(false);
    expect(cache.has(mustParseImageReference('nginx'))).toBe(false);
    expect(cache.find(mustParseImageReference('nginx:1.14.2'))).toEqual({
      id: img.id,
      repoTags: ['docker.io/library/nginx:1.14.2'],
      repoDigests: [`docker.io/library/nginx@${img.manifestDigest}`],
      sizeBytes: img.sizeBytes,
    });
  });

  it('adding the same image twice keeps one entry; remove drops all names', () => {
    const cache = new NodeImageCache();
    const img = pull(cache, 'busybox:1.28');
    pull(cache, 'docker.io/library/busybox:1.28');
    expect(cache.list()).toHaveLength(1);
    expect(cache.totalSizeBytes()).toBe(img.sizeBytes);
    expect(cache.remove(img.id)).toBe(true);
    expect(cache.has(mustParseImageReference('busybox:1.28'))).toBe(false);
    expect(cache.remove(img.id)).toBe(false);
  });

  it('status.images: largest first, digests before tags', () => {
    const cache = new NodeImageCache();
    const busybox = pull(cache, 'busybox:1.28');
    const nginx = pull(cache, 'nginx:1.14.2');
    const pause = pull(cache, 'registry.k8s.io/pause:3.10');
    expect(cache.toNodeStatusImages()).toEqual([
      {
        names: [`docker.io/library/nginx@${nginx.manifestDigest}`, 'docker.io/library/nginx:1.14.2'],
        sizeBytes: nginx.sizeBytes,
      },
      {
        names: [`docker.io/library/busybox@${busybox.manifestDigest}`, 'docker.io/library/busybox:1.28'],
        sizeBytes: busybox.sizeBytes,
      },
      {
        names: [`registry.k8s.io/pause@${pause.manifestDigest}`, 'registry.k8s.io/pause:3.10'],
        sizeBytes: pause.sizeBytes,
      },
    ]);
  });

  it('caps at 50 images and 5 names; equal sizes order by greater ID first; -1 is no cap', () => {
    const images: CachedImage[] = [];
    for (let i = 0; i < 60; i++) {
      images.push({
        id: `sha256:${String(i).padStart(64, '0')}`,
        repoTags: ['a', 'b', 'c', 'd'].map((t) => `r${i}:${t}`),
        repoDigests: [`r${i}@d1`, `r${i}@d2`],
        sizeBytes: i < 10 ? 100 : i,
      });
    }
    const status = toNodeStatusImages(images);
    expect(status).toHaveLength(50);
    expect(status[0].names).toEqual(['r9@d1', 'r9@d2', 'r9:a', 'r9:b', 'r9:c']);
    expect(status[1].names[0]).toBe('r8@d1');
    expect(status[10].sizeBytes).toBe(59);
    expect(toNodeStatusImages(images, -1)).toHaveLength(60);
  });
});
