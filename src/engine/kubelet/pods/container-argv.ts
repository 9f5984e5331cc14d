// What a container runs: its argv (command/args over the image's ENTRYPOINT/CMD, with $(VAR)
// references expanded as the kubelet does). Its environment is container-env.ts.

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
