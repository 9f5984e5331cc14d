// The Volumes section (kubectl pkg/describe describeVolumes): one block per volume with its source
// type's fields. Sources this simulation never sees print `<unknown>` like an unrecognised one.

import { quantityOf } from './containers';
import { byteLength, sortStrings } from './format';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, type PrefixWriter } from './writer';

type Json = Record<string, any>;

/** Go `%v` of a bool that defaults to false. */
const b = (v: unknown) => (v ? 'true' : 'false');

export function describeVolumes(volumes: Json[] | undefined, w: PrefixWriter, space: string): void {
  const list = volumes ?? [];
  if (list.length === 0) {
    w.write(LEVEL_0, `${space}Volumes:\t<none>\n`);
    return;
  }
  w.write(LEVEL_0, `${space}Volumes:\n`);
  for (const volume of list) {
    const nameIndent = space ? ' ' : '';
    w.write(LEVEL_1, `${nameIndent}${volume.name}:\n`);
    if (volume.hostPath) {
      w.write(
        LEVEL_2,
        `Type:\tHostPath (bare host directory volume)\n    Path:\t${volume.hostPath.path ?? ''}\n    HostPathType:\t${volume.hostPath.type ?? '<none>'}\n`,
      );
    } else if (volume.emptyDir) {
      const limit = quantityOf(volume.emptyDir.sizeLimit);
      const sizeLimit = limit && limit.sign() > 0 ? limit.toString() : '<unset>';
      w.write(
        LEVEL_2,
        `Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t${volume.emptyDir.medium ?? ''}\n    SizeLimit:\t${sizeLimit}\n`,
      );
    } else if (volume.secret) {
      w.write(
        LEVEL_2,
        `Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t${volume.secret.secretName ?? ''}\n    Optional:\t${b(volume.secret.optional)}\n`,
      );
    } else if (volume.configMap) {
      w.write(
        LEVEL_2,
        `Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t${volume.configMap.name ?? ''}\n    Optional:\t${b(volume.configMap.optional)}\n`,
      );
    } else if (volume.nfs) {
      w.write(
        LEVEL_2,
        `Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t${volume.nfs.server ?? ''}\n    Path:\t${volume.nfs.path ?? ''}\n    ReadOnly:\t${b(volume.nfs.readOnly)}\n`,
      );
    } else if (volume.persistentVolumeClaim) {
      w.write(
        LEVEL_2,
        `Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t${volume.persistentVolumeClaim.claimName ?? ''}\n    ReadOnly:\t${b(volume.persistentVolumeClaim.readOnly)}\n`,
      );
    } else if (volume.downwardAPI) {
      w.write(LEVEL_2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n');
      for (const item of (volume.downwardAPI.items ?? []) as Json[]) {
        if (item.fieldRef) w.write(LEVEL_3, `${item.fieldRef.fieldPath ?? ''} -> ${item.path ?? ''}\n`);
        if (item.resourceFieldRef) w.write(LEVEL_3, `${item.resourceFieldRef.resource ?? ''} -> ${item.path ?? ''}\n`);
      }
    } else if (volume.projected) {
      w.write(LEVEL_2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
      for (const source of (volume.projected.sources ?? []) as Json[]) {
        if (source.secret) {
          w.write(LEVEL_2, `SecretName:\t${source.secret.name ?? ''}\n    Optional:\t${b(source.secret.optional)}\n`);
        } else if (source.downwardAPI) {
          w.write(LEVEL_2, 'DownwardAPI:\ttrue\n');
        } else if (source.configMap) {
          w.write(LEVEL_2, `ConfigMapName:\t${source.configMap.name ?? ''}\n    Optional:\t${b(source.configMap.optional)}\n`);
        } else if (source.serviceAccountToken) {
          const seconds = source.serviceAccountToken.expirationSeconds;
          w.write(LEVEL_2, `TokenExpirationSeconds:\t${typeof seconds === 'number' ? seconds : 0}\n`);
        }
      }
    } else if (volume.csi) {
      w.write(
        LEVEL_2,
        `Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t${volume.csi.driver ?? ''}\n    FSType:\t${volume.csi.fsType ?? ''}\n    ReadOnly:\t${b(volume.csi.readOnly)}\n`,
      );
      printVolumeAttributes(w, volume.csi.volumeAttributes);
    } else if (volume.image) {
      w.write(
        LEVEL_2,
        `Type:\tImage (a container image or OCI artifact)\n    Reference:\t${volume.image.reference ?? ''}\n    PullPolicy:\t${volume.image.pullPolicy ?? ''}\n`,
      );
    } else {
      w.write(LEVEL_1, '<unknown>\n');
    }
  }
}

/** printCSIPersistentVolumeAttributesMultiline: `VolumeAttributes:  k=v` lines, cut at 140 bytes. */
function printVolumeAttributes(w: PrefixWriter, attributes: Record<string, string> | undefined): void {
  w.write(LEVEL_2, 'VolumeAttributes:\t');
  const keys = sortStrings(Object.keys(attributes ?? {}));
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_2, '\t');
    const line = `${key}=${attributes![key]}`;
    w.write(LEVEL_2, `${byteLength(line) > 140 ? cutBytes(line, 140) + '...' : line}\n`);
  });
}

function cutBytes(s: string, max: number): string {
  return new TextDecoder().decode(new TextEncoder().encode(s).slice(0, max));
}
