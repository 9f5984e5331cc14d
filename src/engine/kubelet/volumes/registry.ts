// The kubelet's volume plugin manager (pkg/volume/plugins.go FindPluginBySpec): a plugin per
// volume source field, found by the field the volume sets. Volume sources built elsewhere (the
// persistentVolumeClaim source) register themselves here.

import type { VolumePlugin } from './types';

const plugins = new Map<string, VolumePlugin>();

export function registerVolumePlugin(plugin: VolumePlugin): void {
  plugins.set(plugin.source, plugin);
}

/** The plugin for a pod's `spec.volumes[]` entry, if any plugin serves the source it sets. */
export function findVolumePlugin(volume: any): VolumePlugin | undefined {
  for (const key of Object.keys(volume ?? {})) {
    if (key === 'name') continue;
    const plugin = plugins.get(key);
    if (plugin && volume[key] !== undefined && volume[key] !== null) return plugin;
  }
  return undefined;
}
