// Which container of a pod spec a name means, and of which kind (names are unique across regular,
// init and ephemeral containers).

import type { ContainerKind } from './runtime-types';

export function findSpecContainer(podSpec: any, name: string): { spec: any; kind: ContainerKind } | undefined {
  const spec = podSpec ?? {};
  const regular = (spec.containers ?? []).find((c: any) => c.name === name);
  if (regular) return { spec: regular, kind: 'regular' };
  const init = (spec.initContainers ?? []).find((c: any) => c.name === name);
  if (init) return { spec: init, kind: 'init' };
  const eph = (spec.ephemeralContainers ?? []).find((c: any) => c.name === name);
  return eph ? { spec: eph, kind: 'ephemeral' } : undefined;
}
