// How kubectl names and picks a pod's containers (kubectl pkg/cmd/util/podcmd): lookup by name
// across regular, init and ephemeral containers, the `kubectl.kubernetes.io/default-container`
// annotation, and the list it prints when it defaults (`a, b, dbg (ephem), init (init)`).

import type { KObject } from '../../../k8s/types';

export const DEFAULT_CONTAINER_ANNOTATION = 'kubectl.kubernetes.io/default-container';

export type ContainerKind = 'containers' | 'initContainers' | 'ephemeralContainers';

export interface ContainerRef {
  name: string;
  kind: ContainerKind;
  spec: Record<string, any>;
}

function listOf(pod: KObject, kind: ContainerKind): Record<string, any>[] {
  const list = pod.spec?.[kind];
  return Array.isArray(list) ? list : [];
}

/** FindContainerByName: regular containers first, then init, then ephemeral ones. */
export function findContainer(pod: KObject, name: string): ContainerRef | undefined {
  for (const kind of ['containers', 'initContainers', 'ephemeralContainers'] as const) {
    const spec = listOf(pod, kind).find((c) => c.name === name);
    if (spec) return { name, kind, spec };
  }
  return undefined;
}

/** AllContainerNames: regular, then ephemeral `(ephem)`, then init `(init)` containers. */
export function allContainerNames(pod: KObject): string {
  return [
    ...listOf(pod, 'containers').map((c) => String(c.name)),
    ...listOf(pod, 'ephemeralContainers').map((c) => `${c.name} (ephem)`),
    ...listOf(pod, 'initContainers').map((c) => `${c.name} (init)`),
  ].join(', ');
}

/** Whether kubectl tells the user which container it defaulted to (it had a choice). */
export function hasSeveralContainers(pod: KObject): boolean {
  return (
    listOf(pod, 'containers').length > 1 ||
    listOf(pod, 'initContainers').length > 0 ||
    listOf(pod, 'ephemeralContainers').length > 0
  );
}

/** The pod's first regular container's name ('' when it has none). */
export function firstContainerName(pod: KObject): string {
  return String(listOf(pod, 'containers')[0]?.name ?? '');
}

/** Init, regular, then ephemeral containers: the order `--all-containers` reads them in. */
export function containersInLogOrder(pod: KObject): ContainerRef[] {
  return (['initContainers', 'containers', 'ephemeralContainers'] as const).flatMap((kind) =>
    listOf(pod, kind).map((spec) => ({ name: String(spec.name), kind, spec })),
  );
}

/**
 * FindOrDefaultContainerByName (exec, attach): the named container, else the annotation's, else
 * the first one — telling `warn` which one was picked when there was a choice.
 */
export function findOrDefaultContainer(
  pod: KObject,
  name: string,
  quiet: boolean,
  warn: (text: string) => void,
): { container: ContainerRef } | { error: string } {
  if (name) {
    const container = findContainer(pod, name);
    return container ? { container } : { error: `container ${name} not found in pod ${pod.metadata.name ?? ''}` };
  }
  if (listOf(pod, 'containers').length === 0) {
    return { error: `pod ${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''} does not have any containers` };
  }
  const annotated = pod.metadata.annotations?.[DEFAULT_CONTAINER_ANNOTATION];
  if (annotated) {
    const container = findContainer(pod, annotated);
    if (container) return { container };
  }
  const first = listOf(pod, 'containers')[0];
  if (!quiet && hasSeveralContainers(pod)) {
    warn(`Defaulted container "${String(first.name)}" out of: ${allContainerNames(pod)}\n`);
  }
  return { container: { name: String(first.name), kind: 'containers', spec: first } };
}
