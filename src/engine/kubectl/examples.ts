// The documentation's example manifests, bundled: the playground has no network, so
// `kubectl apply -f https://k8s.io/examples/controllers/nginx-deployment.yaml` reads the copy in
// examples.generated.ts (generated from public/examples/** by scripts/generate-examples.ts).

import { bundledExampleIndex, bundledExamples, type BundledExampleEntry } from './examples.generated';

export type { BundledExampleEntry };

/** Hosts that serve the examples tree directly under /examples/ (k8s.io redirects to kubernetes.io). */
const EXAMPLES_HOSTS = new Set(['k8s.io', 'www.k8s.io', 'kubernetes.io', 'www.kubernetes.io']);
/** Raw GitHub copies of the same tree in the kubernetes/website repository. */
const RAW_GITHUB_PREFIXES = ['/kubernetes/website/main/content/en/examples/', '/kubernetes/website/master/content/en/examples/'];

const entriesByPath = new Map(bundledExampleIndex.map((entry) => [entry.path, entry]));

/** True when `-f` names a URL (kubectl fetches http and https locations). */
export function isRemoteLocation(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/**
 * The bundled manifest a `-f` location names, or undefined.
 *
 * URLs: `http(s)://k8s.io/examples/<path>`, `http(s)://kubernetes.io/examples/<path>` and
 * `https://raw.githubusercontent.com/kubernetes/website/main/content/en/examples/<path>`; these
 * only find files that upstream really publishes there (a manifest the docs show only inline,
 * like myapp.yaml, is a 404 as a URL).
 *
 * Other locations are the paths the docs tell you to save the manifest as: the examples path
 * (`controllers/frontend.yaml`, `./controllers/frontend.yaml`) or just its file name when that
 * is unambiguous (`frontend.yaml`, `./job.yaml`, `myapp.yaml`, `services.yaml`).
 */
export function readBundledExample(location: string): string | undefined {
  if (isRemoteLocation(location)) {
    const path = examplePathFromUrl(location);
    if (path === undefined) return undefined;
    const entry = entriesByPath.get(path);
    return entry?.upstream ? bundledExamples[path] : undefined;
  }
  const path = localExamplePath(location);
  return path === undefined ? undefined : bundledExamples[path];
}

/** The gallery entries (public/examples/index.json), in gallery order. */
export function listBundledExamples(): BundledExampleEntry[] {
  return bundledExampleIndex.map((entry) => ({ ...entry, kinds: [...entry.kinds] }));
}

/** What a reader of the docs types after `kubectl apply -f` for this example. */
export function exampleLocation(entry: Pick<BundledExampleEntry, 'path' | 'upstream'>): string {
  return entry.upstream ? `https://k8s.io/examples/${entry.path}` : entry.path;
}

function examplePathFromUrl(location: string): string | undefined {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase();
  let path: string | undefined;
  if (EXAMPLES_HOSTS.has(host) && url.pathname.startsWith('/examples/')) {
    path = url.pathname.slice('/examples/'.length);
  } else if (host === 'raw.githubusercontent.com') {
    const prefix = RAW_GITHUB_PREFIXES.find((p) => url.pathname.startsWith(p));
    if (prefix) path = url.pathname.slice(prefix.length);
  }
  return path && Object.hasOwn(bundledExamples, path) ? path : undefined;
}

function localExamplePath(location: string): string | undefined {
  let path = location;
  while (path.startsWith('./')) path = path.slice(2);
  if (path === '' || path.startsWith('/')) return undefined;
  if (Object.hasOwn(bundledExamples, path)) return path;
  if (path.includes('/')) return undefined;
  const matches = Object.keys(bundledExamples).filter((p) => p === path || p.endsWith(`/${path}`));
  return matches.length === 1 ? matches[0] : undefined;
}
