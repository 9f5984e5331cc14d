// The images a node's container runtime holds: each image once, by ID, with every repo tag and
// repo digest that names it (like `crictl images`), and the `status.images` list the kubelet
// reports from it — largest first (ties: greater ID first), at most `nodeStatusMaxImages` (50)
// images and `maxNamesPerImageInNodeStatus` (5) names each, repo digests before repo tags.

import type { CatalogImage } from './catalog';
import type { ImageReference } from './reference';

export const nodeStatusMaxImages = 50;
export const maxNamesPerImageInNodeStatus = 5;

export interface CachedImage {
  readonly id: string;
  /** `docker.io/library/nginx:1.14.2`, in the order they were added. */
  readonly repoTags: readonly string[];
  /** `docker.io/library/nginx@sha256:…`. */
  readonly repoDigests: readonly string[];
  readonly sizeBytes: number;
}

export interface NodeStatusImage {
  names: string[];
  sizeBytes: number;
}

export class NodeImageCache {
  private readonly images = new Map<string, CachedImage>();
  /** name (repo:tag or repo@digest) → image ID */
  private readonly names = new Map<string, string>();

  /** Records a pulled (or preloaded) image under the reference it was pulled by. */
  add(ref: ImageReference, image: CatalogImage): CachedImage {
    const repoTag = ref.effectiveTag !== undefined ? `${ref.repository}:${ref.effectiveTag}` : undefined;
    const repoDigest = `${ref.repository}@${ref.digest ?? image.manifestDigest}`;
    // A tag moves: it names only the newest image pulled with it.
    if (repoTag !== undefined) {
      const previousId = this.names.get(repoTag);
      if (previousId !== undefined && previousId !== image.id) this.untag(previousId, repoTag);
    }
    const existing = this.images.get(image.id);
    const repoTags = [...(existing?.repoTags ?? [])];
    const repoDigests = [...(existing?.repoDigests ?? [])];
    if (repoTag !== undefined && !repoTags.includes(repoTag)) repoTags.push(repoTag);
    if (!repoDigests.includes(repoDigest)) repoDigests.push(repoDigest);
    const cached: CachedImage = { id: image.id, repoTags, repoDigests, sizeBytes: image.sizeBytes };
    this.images.set(image.id, cached);
    if (repoTag !== undefined) this.names.set(repoTag, image.id);
    this.names.set(repoDigest, image.id);
    return cached;
  }

  /** The image a reference resolves to on this node (by repo:tag, or by repo@digest). */
  find(ref: ImageReference): CachedImage | undefined {
    const key = ref.digest !== undefined ? `${ref.repository}@${ref.digest}` : `${ref.repository}:${ref.effectiveTag ?? ''}`;
    const id = this.names.get(key);
    return id === undefined ? undefined : this.images.get(id);
  }

  has(ref: ImageReference): boolean {
    return this.find(ref) !== undefined;
  }

  getById(id: string): CachedImage | undefined {
    return this.images.get(id);
  }

  /** Removes an image and all its names (image garbage collection). */
  remove(id: string): boolean {
    const image = this.images.get(id);
    if (!image) return false;
    for (const name of [...image.repoTags, ...image.repoDigests]) {
      if (this.names.get(name) === id) this.names.delete(name);
    }
    return this.images.delete(id);
  }

  /** All images, in insertion order. */
  list(): CachedImage[] {
    return [...this.images.values()];
  }

  /** Sum of image sizes. */
  totalSizeBytes(): number {
    let total = 0;
    for (const image of this.images.values()) total += image.sizeBytes;
    return total;
  }

  /** `status.images` as the kubelet reports it. A negative `maxImages` means no cap. */
  toNodeStatusImages(maxImages: number = nodeStatusMaxImages): NodeStatusImage[] {
    return toNodeStatusImages(this.list(), maxImages);
  }

  private untag(id: string, repoTag: string): void {
    const image = this.images.get(id);
    if (!image) return;
    this.images.set(id, { ...image, repoTags: image.repoTags.filter((t) => t !== repoTag) });
  }
}

/** Sorts by size descending (equal sizes: greater ID first), caps images and names. */
export function toNodeStatusImages(images: readonly CachedImage[], maxImages: number = nodeStatusMaxImages): NodeStatusImage[] {
  const sorted = [...images].sort((a, b) =>
    a.sizeBytes !== b.sizeBytes ? b.sizeBytes - a.sizeBytes : a.id < b.id ? 1 : a.id > b.id ? -1 : 0,
  );
  const capped = maxImages >= 0 ? sorted.slice(0, maxImages) : sorted;
  return capped.map((image) => ({
    names: [...image.repoDigests, ...image.repoTags].slice(0, maxNamesPerImageInNodeStatus),
    sizeBytes: image.sizeBytes,
  }));
}
