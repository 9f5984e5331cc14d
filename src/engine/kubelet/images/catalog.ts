// The simulated registry: repositories the docs use, with the tags that really exist (a known
// repository with a tag not listed here does not exist, so `nginx:1.91` and `nginx:sometag` fail
// to pull), compressed linux/amd64 sizes (what a pull reports and ImageLocality weighs), and the
// default process the image runs when the pod gives no command. Repositories not listed are
// treated as private/custom images that exist with any tag, so they always pull.
//
// Sizes are realistic approximations of the registry's compressed sizes, not exact figures.
// Image IDs and manifest digests are synthetic: `sha256:` + 64 hex derived from the canonical
// `repository:tag`, stable across runs.

import type { TermBehavior } from '../container/servers';
import { type ImageReference } from './reference';
import { Interner } from '../../runtime/string-interner';

/** What an image's default process does with no command/args from the pod and no stdin. */
export type DefaultBehavior =
  /** A server or daemon: runs until stopped. */
  | { readonly kind: 'runs-forever' }
  /** Exits at once (a shell or REPL reading an empty stdin) with this code. */
  | { readonly kind: 'exits'; readonly exitCode: number };

export interface ImageDefaults {
  readonly entrypoint: readonly string[];
  readonly cmd: readonly string[];
  readonly behavior: DefaultBehavior;
  /**
   * Ports the image's server listens on (probes connect to these); [] for images that serve
   * nothing (shells); undefined when unknown (custom images: any port connects).
   */
  readonly listenPorts?: readonly number[];
  /**
   * SIGTERM to the image's own server when the container interpreter does not know its program
   * (container/servers.ts knows nginx, httpd, redis, mysqld…). Unset: exits at once with 143.
   */
  readonly stopBehavior?: TermBehavior;
}

export interface RepositoryEntry {
  /** Canonical repository, `docker.io/library/nginx`. */
  readonly repository: string;
  /** Tag → compressed size in bytes. */
  readonly tags: Readonly<Record<string, number>>;
  /** Default process; `defaultsFor` may specialise per tag (perl). */
  readonly defaults: ImageDefaults;
}

export interface CatalogImage {
  /** `docker.io/library/nginx` */
  readonly repository: string;
  /** Tag resolved (undefined for a digest-only reference). */
  readonly tag: string | undefined;
  /** `sha256:<64 hex>` — the image (config) ID the runtime reports as imageID. */
  readonly id: string;
  /** `sha256:<64 hex>` — the manifest digest (`repository@digest` is the repo digest). */
  readonly manifestDigest: string;
  readonly sizeBytes: number;
  readonly defaults: ImageDefaults;
  /** Whether the repository is one the catalog knows (false: synthetic, any tag exists). */
  readonly known: boolean;
}

export type LookupResult = { found: true; image: CatalogImage } | { found: false };

const forever: DefaultBehavior = { kind: 'runs-forever' };
const exitsAtOnce: DefaultBehavior = { kind: 'exits', exitCode: 0 };
const MB = 1_000_000;

const nginxDefaults: ImageDefaults = {
  entrypoint: ['/docker-entrypoint.sh'],
  cmd: ['nginx', '-g', 'daemon off;'],
  behavior: forever,
  listenPorts: [80],
};
const shellDefaults = (shell: string): ImageDefaults => ({
  entrypoint: [],
  cmd: [shell],
  behavior: exitsAtOnce,
  listenPorts: [],
});
const serverDefaults = (
  entrypoint: string[],
  cmd: string[],
  listenPorts?: number[],
  stopBehavior?: TermBehavior,
): ImageDefaults => ({ entrypoint, cmd, behavior: forever, listenPorts, stopBehavior });

/** Sizes in MB → bytes, with a per-tag deterministic tail so sizes look like real byte counts. */
function tags(sizesMb: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [tag, mb] of Object.entries(sizesMb)) out[tag] = Math.round(mb * MB) + (hash32(tag, 7) % 99_991);
  return out;
}

const entries: RepositoryEntry[] = [
  {
    repository: 'docker.io/library/nginx',
    tags: tags({
      '1.7.9': 39.9,
      '1.9.1': 42.6,
      '1.10': 66.5,
      '1.14.2': 44.7,
      '1.15': 44.9,
      '1.16': 51.4,
      '1.16.1': 51.4,
      '1.17': 51.9,
      '1.19': 53.6,
      '1.20': 56.8,
      '1.21': 56.7,
      '1.21.6': 56.7,
      '1.22': 56.8,
      '1.23': 57.0,
      '1.23.4': 57.0,
      '1.24': 57.0,
      '1.25': 70.5,
      '1.25.3': 70.5,
      '1.26': 71.0,
      '1.26.3': 71.0,
      '1.27': 68.9,
      '1.27.0': 71.0,
      '1.27.4': 68.9,
      '1.27.5': 68.9,
      '1.28': 72.2,
      '1.28.0': 72.2,
      '1.29': 59.8,
      '1.29.0': 59.8,
      alpine: 20.8,
      'alpine-slim': 5.3,
      stable: 72.2,
      mainline: 59.8,
      latest: 59.8,
    }),
    defaults: nginxDefaults,
  },
  {
    repository: 'docker.io/library/busybox',
    tags: tags({
      '1.27': 0.76,
      '1.28': 0.73,
      '1.29': 0.76,
      '1.31': 0.76,
      '1.32': 0.76,
      '1.34': 0.77,
      '1.35': 2.15,
      '1.36': 2.15,
      '1.36.1': 2.15,
      '1.37': 2.2,
      '1.37.0': 2.2,
      musl: 0.86,
      glibc: 2.2,
      uclibc: 1.0,
      stable: 2.2,
      latest: 2.2,
    }),
    defaults: shellDefaults('sh'),
  },
  {
    repository: 'docker.io/library/alpine',
    tags: tags({
      '3.12': 2.8,
      '3.15': 2.8,
      '3.16': 2.8,
      '3.17': 3.4,
      '3.18': 3.4,
      '3.19': 3.4,
      '3.20': 3.6,
      '3.21': 3.6,
      '3.22': 3.8,
      latest: 3.8,
      edge: 3.8,
    }),
    defaults: shellDefaults('/bin/sh'),
  },
  {
    repository: 'docker.io/library/ubuntu',
    tags: tags({ '18.04': 25.7, '20.04': 27.5, '22.04': 29.5, '24.04': 29.7, jammy: 29.5, noble: 29.7, latest: 29.7 }),
    defaults: shellDefaults('/bin/bash'),
  },
  {
    repository: 'docker.io/library/debian',
    tags: tags({ bullseye: 53.7, bookworm: 48.5, 'bookworm-slim': 28.2, '11': 53.7, '12': 48.5, latest: 48.5 }),
    defaults: shellDefaults('bash'),
  },
  {
    repository: 'docker.io/library/perl',
    tags: tags({
      '5.30': 329.6,
      '5.32': 331.0,
      '5.34': 333.8,
      '5.34.0': 333.8,
      '5.36': 335.1,
      '5.36.0': 335.1,
      '5.38': 343.5,
      '5.38.0': 343.5,
      '5.40': 349.0,
      '5.40.0': 349.0,
      '5.40.2': 349.0,
      '5.42': 351.2,
      '5.42.0': 351.2,
      slim: 52.7,
      latest: 351.2,
    }),
    // The official Dockerfile's CMD is `perl<version> -de0` (the debugger REPL); with no stdin it
    // reads end-of-file and quits at once. `defaultsFor` fills the version in per tag.
    defaults: { entrypoint: ['docker-entrypoint.sh'], cmd: ['perl', '-de0'], behavior: exitsAtOnce, listenPorts: [] },
  },
  {
    repository: 'docker.io/library/redis',
    tags: tags({
      '5.0': 36.6,
      '6.0': 40.2,
      '6.2': 40.3,
      '7.0': 42.9,
      '7.2': 45.6,
      '7.4': 45.8,
      '8.0': 53.1,
      alpine: 17.5,
      latest: 53.1,
    }),
    defaults: serverDefaults(['docker-entrypoint.sh'], ['redis-server'], [6379]),
  },
  {
    repository: 'docker.io/library/httpd',
    tags: tags({ '2.4': 58.4, '2.4.62': 58.4, '2.4.63': 58.4, alpine: 23.1, latest: 58.4 }),
    defaults: serverDefaults([], ['httpd-foreground'], [80]),
  },
  {
    repository: 'docker.io/library/mysql',
    tags: tags({ '5.6': 102.5, '5.7': 137.1, '8.0': 169.2, '8.4': 177.6, latest: 233.0 }),
    defaults: serverDefaults(['docker-entrypoint.sh'], ['mysqld'], [3306, 33060]),
  },
  {
    repository: 'docker.io/library/wordpress',
    tags: tags({ '4.8-apache': 152.0, '6.2.1-apache': 223.9, latest: 250.2 }),
    defaults: serverDefaults(['docker-entrypoint.sh'], ['apache2-foreground'], [80]),
  },
  {
    // The docs' probe examples (liveness exec) use this old busybox build.
    repository: 'registry.k8s.io/busybox',
    tags: tags({ '1.24': 0.68, '1.27.2': 0.76, latest: 1.14 }),
    defaults: shellDefaults('sh'),
  },
  {
    repository: 'registry.k8s.io/pause',
    tags: tags({ '3.1': 0.32, '3.2': 0.3, '3.5': 0.3, '3.6': 0.3, '3.7': 0.31, '3.8': 0.31, '3.9': 0.32, '3.10': 0.32 }),
    defaults: serverDefaults(['/pause'], [], [], { code: 0, afterMs: 0 }),
  },
  {
    // kubeadm's DNS add-on (`kubeplay cluster reset --addons`): DNS on 53, health on 8080, ready on
    // 8181, metrics on 9153.
    repository: 'registry.k8s.io/coredns/coredns',
    tags: tags({ 'v1.10.1': 16.2, 'v1.11.1': 18.2, 'v1.11.3': 18.6, 'v1.12.0': 20.9, 'v1.12.1': 21.1 }),
    defaults: serverDefaults(['/coredns'], [], [53, 8080, 8181, 9153]),
  },
  {
    // kubeadm's proxy add-on: metrics on 10249, healthz on 10256.
    repository: 'registry.k8s.io/kube-proxy',
    tags: tags({ 'v1.32.0': 30.9, 'v1.33.0': 31.2, 'v1.34.0': 31.6, 'v1.34.1': 31.6, 'v1.34.2': 31.7 }),
    defaults: serverDefaults([], ['/usr/local/bin/kube-proxy'], [10249, 10256]),
  },
  {
    repository: 'registry.k8s.io/nginx-slim',
    tags: tags({ '0.8': 51.4, '0.21': 38.6, '0.24': 47.1, '0.26': 56.1, '0.27': 56.1 }),
    defaults: serverDefaults([], ['nginx', '-g', 'daemon off;'], [80]),
  },
  {
    repository: 'gcr.io/google_containers/nginx-slim',
    tags: tags({ '0.7': 50.2, '0.8': 51.4 }),
    defaults: serverDefaults([], ['nginx', '-g', 'daemon off;'], [80]),
  },
  {
    repository: 'gcr.io/google-samples/hello-app',
    tags: tags({ '1.0': 4.3, '2.0': 4.3 }),
    defaults: serverDefaults(['./hello-app'], [], [8080]),
  },
  {
    repository: 'gcr.io/google-samples/gb-frontend',
    tags: tags({ v3: 158.9, v4: 170.4, v5: 173.1 }),
    defaults: serverDefaults([], ['apache2-foreground'], [80]),
  },
  {
    repository: 'gcr.io/google_samples/gb-frontend',
    tags: tags({ v3: 158.9, v4: 170.4 }),
    defaults: serverDefaults([], ['apache2-foreground'], [80]),
  },
  {
    repository: 'gcr.io/fluentd-elasticsearch/fluentd',
    tags: tags({ 'v2.5.1': 129.5, 'v2.5.2': 129.6 }),
    defaults: serverDefaults([], ['/run.sh'], [24224]),
  },
  {
    repository: 'quay.io/fluentd_elasticsearch/fluentd',
    tags: tags({ 'v2.5.2': 129.6, 'v3.0.1': 121.3, 'v4.7.2': 147.3 }),
    defaults: serverDefaults([], ['/run.sh'], [24224]),
  },
  {
    // The probes tutorial's TCP liveness example (a forward proxy on 8080).
    repository: 'registry.k8s.io/goproxy',
    tags: tags({ '0.1': 2.4 }),
    defaults: serverDefaults(['/goproxy'], [], [8080]),
  },
  {
    // One binary, many test servers: `args: [liveness]` (HTTP liveness tutorial), netexec, pause…
    // Its ports depend on the subcommand (container/servers.ts), so listenPorts stays unknown.
    repository: 'registry.k8s.io/e2e-test-images/agnhost',
    tags: tags({ '2.39': 51.2, '2.40': 51.4, '2.43': 52.1, '2.45': 52.9, '2.47': 53.3, '2.52': 54.0, '2.53': 54.1 }),
    defaults: serverDefaults(['/agnhost'], ['pause']),
  },
];

const byRepository = new Map(entries.map((e) => [e.repository, e]));

/** Size given to images of repositories the catalog does not know. */
export const unknownImageSizeBytes = 50_000_000;
/** Default process of images of repositories the catalog does not know: a server. */
export const unknownImageDefaults: ImageDefaults = { entrypoint: [], cmd: [], behavior: forever };

/** All known repositories (canonical names), in catalog order. */
export function knownRepositories(): string[] {
  return entries.map((e) => e.repository);
}

/** The catalog entry of a repository, if known. */
export function repositoryEntry(repository: string): RepositoryEntry | undefined {
  return byRepository.get(repository);
}

/**
 * Resolves a reference in the registry. Known repository: the tag must exist (a digest-only
 * reference is accepted as-is, since real digests are not modelled). Unknown repository: every
 * tag exists, with `unknownImageSizeBytes` and a serve-forever default process.
 */
export function lookupImage(ref: ImageReference): LookupResult {
  // The catalog does not change: an answer (its digests are hashes) is kept per image.
  const key = `${ref.repository}\u0000${ref.effectiveTag ?? ''}\u0000${ref.digest ?? ''}`;
  return lookups.getOrAdd(key, () => lookupUncached(ref));
}

const lookups = new Interner<LookupResult>(1_000);

function lookupUncached(ref: ImageReference): LookupResult {
  const entry = byRepository.get(ref.repository);
  const tag = ref.effectiveTag;
  const key = ref.digest ?? `${ref.repository}:${tag}`;
  if (!entry) {
    return {
      found: true,
      image: Object.freeze({
        repository: ref.repository,
        tag,
        id: syntheticDigest(`image:${key}`),
        manifestDigest: ref.digest ?? syntheticDigest(`manifest:${key}`),
        sizeBytes: unknownImageSizeBytes,
        defaults: unknownImageDefaults,
        known: false,
      }),
    };
  }
  let sizeBytes: number | undefined;
  if (tag !== undefined) sizeBytes = entry.tags[tag];
  else sizeBytes = entry.tags.latest ?? Object.values(entry.tags)[0];
  if (sizeBytes === undefined || (tag !== undefined && !Object.hasOwn(entry.tags, tag))) return { found: false };
  return {
    found: true,
    image: Object.freeze({
      repository: ref.repository,
      tag,
      id: syntheticDigest(`image:${key}`),
      manifestDigest: ref.digest ?? syntheticDigest(`manifest:${key}`),
      sizeBytes,
      defaults: defaultsFor(entry, tag),
      known: true,
    }),
  };
}

function defaultsFor(entry: RepositoryEntry, tag: string | undefined): ImageDefaults {
  if (entry.repository !== 'docker.io/library/perl') return entry.defaults;
  const full: Record<string, string> = {
    '5.30': '5.30.3',
    '5.32': '5.32.1',
    '5.34': '5.34.3',
    '5.34.0': '5.34.0',
    '5.36': '5.36.3',
    '5.36.0': '5.36.0',
    '5.38': '5.38.4',
    '5.38.0': '5.38.0',
    '5.40': '5.40.2',
    '5.40.0': '5.40.0',
    '5.40.2': '5.40.2',
  };
  const version = (tag !== undefined ? full[tag] : undefined) ?? '5.42.0';
  return { ...entry.defaults, cmd: [`perl${version}`, '-de0'] };
}

/** `sha256:` + 64 deterministic hex digits derived from `seed` (not a real SHA-256). */
export function syntheticDigest(seed: string): string {
  let hex = '';
  for (let i = 0; i < 8; i++) hex += hash32(seed, i).toString(16).padStart(8, '0');
  return `sha256:${hex}`;
}

// FNV-1a (32-bit) over the UTF-16 code units, salted by `salt`, with a final avalanche mix.
function hash32(s: string, salt: number): number {
  let h = (0x811c9dc5 ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}
