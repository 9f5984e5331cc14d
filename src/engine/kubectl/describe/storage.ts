// `kubectl describe` for storage kinds (kubectl pkg/describe describe.go): PersistentVolumeClaim
// (class, status, volume, capacity and modes once bound, the pods using it as `Used By`),
// PersistentVolume (claim, reclaim policy, node affinity, the volume source) and StorageClass.

import { formatLabels } from '../../../k8s/labels';
import type { KEvent, KObject } from '../../../k8s/types';
import { podKind } from '../../api/kinds';
import { accessModesString, storageClassOf } from '../../api/kinds/persistentvolume';
import { isDefaultStorageClass } from '../../api/kinds/storageclass';
import { podClaimNames } from '../../controllers/volume/pod-claims';
import { describeEvents, refFor, searchEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline, timestampSince } from './format';
import type { DescribeContext, Describer } from './types';
import { LEVEL_0, LEVEL_1, LEVEL_2, type PrefixWriter } from './writer';
import { tabbedString } from './writer';

/** Go's %v of a []string: `[a b]`. */
const goSlice = (values: unknown) => `[${(Array.isArray(values) ? values : []).join(' ')}]`;

function status(obj: KObject, ctx: DescribeContext): string {
  if (obj.metadata.deletionTimestamp)
    return `Terminating (lasts ${timestampSince(obj.metadata.deletionTimestamp, ctx.nowUnixMs)})`;
  return String(obj.status?.phase ?? '');
}

function events(obj: KObject, ctx: DescribeContext): KEvent[] | undefined {
  return ctx.showEvents ? searchEvents(ctx.env, refFor(obj)) : undefined;
}

/** printPodsMultiline: `Used By:` and one pod name per line, sorted. */
function printPodsMultiline(w: PrefixWriter, title: string, names: string[]): void {
  w.write(LEVEL_0, `${title}:\t`);
  if (names.length === 0) {
    w.writeLine('<none>');
    return;
  }
  [...names].sort().forEach((name, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    w.write(LEVEL_0, `${name}\n`);
  });
}

export const describePersistentVolumeClaim: Describer = (pvc, ctx) => {
  const ns = pvc.metadata.namespace ?? '';
  const users = ctx.env.api
    .list(podKind, { namespace: ns })
    .items.filter((p) => podClaimNames(p).includes(pvc.metadata.name ?? ''))
    .map((p) => p.metadata.name ?? '');
  const evs = events(pvc, ctx);
  const bound = !!pvc.spec?.volumeName;
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${pvc.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${ns}\n`);
    w.write(LEVEL_0, `StorageClass:\t${storageClassOf(pvc)}\n`);
    w.write(LEVEL_0, `Status:\t${status(pvc, ctx)}\n`);
    w.write(LEVEL_0, `Volume:\t${pvc.spec?.volumeName ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', pvc.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', pvc.metadata.annotations);
    w.write(LEVEL_0, `Finalizers:\t${goSlice(pvc.metadata.finalizers)}\n`);
    w.write(LEVEL_0, `Capacity:\t${bound ? String(pvc.status?.capacity?.storage ?? '0') : ''}\n`);
    w.write(LEVEL_0, `Access Modes:\t${bound ? accessModesString(pvc.status?.accessModes) : ''}\n`);
    if (pvc.spec?.volumeMode) w.write(LEVEL_0, `VolumeMode:\t${pvc.spec.volumeMode}\n`);
    printPodsMultiline(w, 'Used By', users);
    if (evs) describeEvents(evs, w, ctx.nowUnixMs);
  });
};

function printVolumeNodeAffinity(w: PrefixWriter, affinity: any): void {
  w.write(LEVEL_0, 'Node Affinity:\t');
  if (!affinity?.required) {
    w.writeLine('<none>');
    return;
  }
  w.writeLine('');
  w.write(LEVEL_1, 'Required Terms:\t');
  const terms = (affinity.required.nodeSelectorTerms ?? []) as any[];
  if (terms.length === 0) {
    w.writeLine('<none>');
    return;
  }
  w.writeLine('');
  terms.forEach((term, i) => {
    w.write(LEVEL_2, `Term ${i}:\t`);
    const reqs = (term?.matchExpressions ?? []) as any[];
    if (reqs.length === 0) {
      w.writeLine('<none>');
      return;
    }
    reqs.forEach((req, j) => {
      if (j !== 0) w.write(LEVEL_2, '\t');
      let expr = `${req.key} ${String(req.operator ?? '').toLowerCase()}`;
      if (Array.isArray(req.values) && req.values.length > 0) expr += ` [${req.values.join(', ')}]`;
      w.write(LEVEL_0, `${expr}\n`);
    });
  });
}

function printSource(w: PrefixWriter, spec: any): void {
  if (spec?.hostPath) {
    w.write(
      LEVEL_2,
      `Type:\tHostPath (bare host directory volume)\n    Path:\t${spec.hostPath.path ?? ''}\n    HostPathType:\t${spec.hostPath.type || '<none>'}\n`,
    );
  } else if (spec?.local) {
    w.write(
      LEVEL_2,
      `Type:\tLocalVolume (a persistent volume backed by local storage on a node)\n    Path:\t${spec.local.path ?? ''}\n`,
    );
  } else if (spec?.csi) {
    const csi = spec.csi;
    w.write(
      LEVEL_2,
      `Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t${csi.driver ?? ''}\n    FSType:\t${csi.fsType ?? ''}\n    VolumeHandle:\t${csi.volumeHandle ?? ''}\n    ReadOnly:\t${csi.readOnly === true}\n`,
    );
    w.write(LEVEL_0, `    VolumeAttributes:\t`);
    const attrs = Object.keys(csi.volumeAttributes ?? {}).sort();
    if (attrs.length === 0) w.writeLine('<none>');
    attrs.forEach((k, i) => {
      if (i !== 0) w.write(LEVEL_0, '    \t');
      w.write(LEVEL_0, `${k}=${csi.volumeAttributes[k]}\n`);
    });
  } else if (spec?.nfs) {
    w.write(
      LEVEL_2,
      `Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t${spec.nfs.server ?? ''}\n    Path:\t${spec.nfs.path ?? ''}\n    ReadOnly:\t${spec.nfs.readOnly === true}\n`,
    );
  }
}

export const describePersistentVolume: Describer = (pv, ctx) => {
  const evs = events(pv, ctx);
  const ref = pv.spec?.claimRef;
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${pv.metadata.name ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', pv.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', pv.metadata.annotations);
    w.write(LEVEL_0, `Finalizers:\t${goSlice(pv.metadata.finalizers)}\n`);
    w.write(LEVEL_0, `StorageClass:\t${storageClassOf(pv)}\n`);
    w.write(LEVEL_0, `Status:\t${status(pv, ctx)}\n`);
    w.write(LEVEL_0, `Claim:\t${ref ? `${ref.namespace ?? ''}/${ref.name ?? ''}` : ''}\n`);
    w.write(LEVEL_0, `Reclaim Policy:\t${pv.spec?.persistentVolumeReclaimPolicy ?? ''}\n`);
    w.write(LEVEL_0, `Access Modes:\t${accessModesString(pv.spec?.accessModes)}\n`);
    if (pv.spec?.volumeMode) w.write(LEVEL_0, `VolumeMode:\t${pv.spec.volumeMode}\n`);
    w.write(LEVEL_0, `Capacity:\t${pv.spec?.capacity?.storage ?? '0'}\n`);
    printVolumeNodeAffinity(w, pv.spec?.nodeAffinity);
    w.write(LEVEL_0, `Message:\t${pv.status?.message ?? ''}\n`);
    w.write(LEVEL_0, 'Source:\n');
    printSource(w, pv.spec);
    if (evs) describeEvents(evs, w, ctx.nowUnixMs);
  });
};

export const describeStorageClass: Describer = (sc, ctx) => {
  const evs = events(sc, ctx);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${sc.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `IsDefaultClass:\t${isDefaultStorageClass(sc) ? 'Yes' : 'No'}\n`);
    w.write(LEVEL_0, `Annotations:\t${formatLabels(sc.metadata.annotations)}\n`);
    w.write(LEVEL_0, `Provisioner:\t${sc.provisioner ?? ''}\n`);
    w.write(LEVEL_0, `Parameters:\t${formatLabels(sc.parameters as Record<string, string> | undefined)}\n`);
    const expansion = sc.allowVolumeExpansion;
    w.write(
      LEVEL_0,
      `AllowVolumeExpansion:\t${expansion === undefined || expansion === null ? '<unset>' : expansion ? 'True' : 'False'}\n`,
    );
    const mountOptions = (sc.mountOptions ?? []) as string[];
    if (mountOptions.length === 0) w.write(LEVEL_0, 'MountOptions:\t<none>\n');
    else {
      w.write(LEVEL_0, 'MountOptions:\n');
      for (const o of mountOptions) w.write(LEVEL_1, `${o}\n`);
    }
    if (sc.reclaimPolicy) w.write(LEVEL_0, `ReclaimPolicy:\t${sc.reclaimPolicy}\n`);
    if (sc.volumeBindingMode) w.write(LEVEL_0, `VolumeBindingMode:\t${sc.volumeBindingMode}\n`);
    if (evs) describeEvents(evs, w, ctx.nowUnixMs);
  });
};
