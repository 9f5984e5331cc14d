// Which resource a URL path names, as k8s.io/apiserver's RequestInfoFactory reads it:
// /api/v1/namespaces/NS/pods/NAME/log, /apis/apps/v1/deployments, /api/v1/watch/pods (legacy).

/** The subresources of a namespace that are not a namespaced resource name (namespaceSubresources). */
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

export interface ResourcePath {
  /** '' for the core group. */
  group: string;
  version: string;
  /** Set for namespaced requests (and for a namespace itself: its own name). */
  namespace?: string;
  resource: string;
  name?: string;
  subresource?: string;
  /** The legacy /watch/ prefix. */
  watchPrefix: boolean;
}

/** The resource a path names, or undefined for a path outside /api/v1 and /apis/G/V resources. */
export function parseResourcePath(pathname: string): ResourcePath | undefined {
  const parts = pathname.split('/').filter((p) => p !== '');
  let group: string;
  let version: string;
  let rest: string[];
  if (parts[0] === 'api' && parts.length >= 3) {
    group = '';
    version = parts[1];
    rest = parts.slice(2);
  } else if (parts[0] === 'apis' && parts.length >= 4) {
    group = parts[1];
    version = parts[2];
    rest = parts.slice(3);
  } else {
    return undefined;
  }
  let decoded: string[];
  try {
    decoded = rest.map((p) => decodeURIComponent(p));
  } catch {
    return undefined;
  }
  let watchPrefix = false;
  if (decoded[0] === 'watch') {
    watchPrefix = true;
    decoded = decoded.slice(1);
  }
  let namespace: string | undefined;
  if (decoded[0] === 'namespaces' && decoded.length > 1) {
    namespace = decoded[1];
    if (decoded.length > 2 && !NAMESPACE_SUBRESOURCES.has(decoded[2])) decoded = decoded.slice(2);
  }
  if (decoded.length === 0 || decoded.length > 3) return undefined;
  const [resource, name, subresource] = decoded;
  return { group, version, namespace, resource, name, subresource, watchPrefix };
}
