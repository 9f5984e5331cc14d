// What a container runs: its argv (command/args over the image's ENTRYPOINT/CMD, with $(VAR)
// references expanded as the kubelet does) and its environment (spec env with literal values and
// the downward-API fields the docs use; plus HOSTNAME, as the runtime sets it).

import type { KObject } from '../../../k8s/types';
import type { ImageDefaults } from '../images/catalog';

/**
 * ExpandContainerCommandAndArgs: `command` replaces the ENTRYPOINT (and drops CMD), `args`
 * replaces CMD. `$(VAR)` expands to a defined variable, `$$` escapes, anything else stays.
 */
export function effectiveArgv(container: any, image: ImageDefaults, env: Record<string, string>): string[] {
  const command: string[] | undefined = container.command?.length ? container.command : undefined;
  const args: string[] | undefined = container.args?.length ? container.args : undefined;
  const expand = (list: readonly string[]) => list.map((s) => expandVars(s, env));
  if (command) return [...expand(command), ...expand(args ?? [])];
  return [...image.entrypoint, ...(args ? expand(args) : image.cmd)];
}

/** The $(VAR) syntax of container command, args and env values. */
export function expandVars(input: string, env: Record<string, string>): string {
  return input.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_.-]*)\)/g, (all, name: string | undefined) => {
    if (name === undefined) return '$';
    return Object.prototype.hasOwnProperty.call(env, name) ? env[name] : all;
  });
}

/** The container's environment as the process sees it, in spec order after the runtime's own. */
export function containerEnv(
  pod: KObject,
  container: any,
  podIP: string,
  hostIP: string,
  nodeName: string,
): Record<string, string> {
  const env: Record<string, string> = {
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOSTNAME: pod.spec?.hostname ?? pod.metadata.name!,
  };
  for (const e of (container.env ?? []) as any[]) {
    if (typeof e?.name !== 'string') continue;
    if (e.value !== undefined) env[e.name] = expandVars(String(e.value), env);
    else if (e.valueFrom?.fieldRef) env[e.name] = fieldRef(pod, e.valueFrom.fieldRef.fieldPath, podIP, hostIP, nodeName);
  }
  return env;
}

function fieldRef(pod: KObject, path: string, podIP: string, hostIP: string, nodeName: string): string {
  switch (path) {
    case 'metadata.name':
      return pod.metadata.name ?? '';
    case 'metadata.namespace':
      return pod.metadata.namespace ?? '';
    case 'metadata.uid':
      return pod.metadata.uid ?? '';
    case 'spec.nodeName':
      return nodeName;
    case 'spec.serviceAccountName':
      return pod.spec?.serviceAccountName ?? '';
    case 'status.podIP':
    case 'status.podIPs':
      return podIP;
    case 'status.hostIP':
    case 'status.hostIPs':
      return hostIP;
  }
  const m = /^metadata\.(labels|annotations)\['(.+)'\]$/.exec(path);
  if (m) return (pod.metadata as any)[m[1]]?.[m[2]] ?? '';
  return '';
}
