// autoscaling/v2 HorizontalPodAutoscaler (pkg/registry/autoscaling/horizontalpodautoscaler):
// namespaced, short name `hpa`, in the `all` category, with a status subresource (the strategy
// resets status on create and keeps it on spec updates). autoscaling/v1 manifests are accepted and
// converted to v2 by the defaulting step (defaulting/horizontalpodautoscaler.ts); the store keeps
// v2 only. Table columns as printers.go printHorizontalPodAutoscaler / formatHPAMetrics.

import { formatMilli, parseQuantity } from '../../../k8s/quantity';
import type { KObject } from '../../../k8s/types';
import { convertV1ToV2, defaultHorizontalPodAutoscaler, HPA_V1_API_VERSION } from '../defaulting/horizontalpodautoscaler';
import {
  validateHorizontalPodAutoscaler,
  validateHorizontalPodAutoscalerStatusUpdate,
  validateHorizontalPodAutoscalerUpdate,
} from '../validation/horizontalpodautoscaler';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';
import type { KindRegistry } from './registry';

type Obj = Record<string, any>;

/** A quantity as resource.Quantity.String() prints it (DecimalSI milli-based for CPU-like values). */
export function quantityText(v: unknown): string {
  if (v === undefined || v === null) return '<unknown>';
  try {
    return parseQuantity(v as string | number).toString();
  } catch {
    return String(v);
  }
}

/** formatHPAMetrics: at most two metrics, then `+ N more...`. */
export function formatHPAMetrics(specs: unknown, statuses: unknown): string {
  const list = Array.isArray(specs) ? (specs as Obj[]) : [];
  const st = Array.isArray(statuses) ? (statuses as Obj[]) : [];
  if (list.length === 0) return '<none>';
  const out: string[] = [];
  list.forEach((spec, i) => {
    const status: Obj | undefined = st[i];
    switch (spec.type) {
      case 'External': {
        const ext = spec.external ?? {};
        if (ext.target?.averageValue !== undefined) {
          const cur = status?.external?.current?.averageValue;
          out.push(`${cur !== undefined ? quantityText(cur) : '<unknown>'}/${quantityText(ext.target.averageValue)} (avg)`);
        } else {
          const cur = status?.external ? quantityText(status.external.current?.value ?? '0') : '<unknown>';
          out.push(`${cur}/${quantityText(ext.target?.value ?? '0')}`);
        }
        break;
      }
      case 'Pods': {
        const cur = status?.pods ? quantityText(status.pods.current?.averageValue ?? '0') : '<unknown>';
        out.push(`${cur}/${quantityText(spec.pods?.target?.averageValue ?? '0')}`);
        break;
      }
      case 'Object': {
        const o = spec.object ?? {};
        if (o.target?.averageValue !== undefined) {
          const cur = status?.object?.current?.averageValue;
          out.push(`${cur !== undefined ? quantityText(cur) : '<unknown>'}/${quantityText(o.target.averageValue)} (avg)`);
        } else {
          const cur = status?.object ? quantityText(status.object.current?.value ?? '0') : '<unknown>';
          out.push(`${cur}/${quantityText(o.target?.value ?? '0')}`);
        }
        break;
      }
      case 'Resource':
      case 'ContainerResource': {
        const key = spec.type === 'Resource' ? 'resource' : 'containerResource';
        const src = spec[key] ?? {};
        const cur: Obj | undefined = status?.[key];
        if (src.target?.averageValue !== undefined) {
          const current = cur ? quantityText(cur.current?.averageValue ?? '0') : '<unknown>';
          out.push(`${src.name ?? ''}: ${current}/${quantityText(src.target.averageValue)}`);
        } else {
          const current =
            cur && typeof cur.current?.averageUtilization === 'number' ? `${cur.current.averageUtilization}%` : '<unknown>';
          const target = typeof src.target?.averageUtilization === 'number' ? `${src.target.averageUtilization}%` : '<auto>';
          out.push(`${src.name ?? ''}: ${current}/${target}`);
        }
        break;
      }
      default:
        out.push('<unknown type>');
    }
  });
  if (out.length > 2) return `${out.slice(0, 2).join(', ')} + ${out.length - 2} more...`;
  return out.join(', ');
}

/** An averageValue milli amount as the controller writes it (NewMilliQuantity(m, DecimalSI)). */
export function milliQuantity(milli: number): string {
  return formatMilli(milli);
}

/** Strategy PrepareForCreate: status starts empty (desiredReplicas is not omitempty in v2). */
function prepareForCreate(hpa: KObject): KObject {
  return { ...hpa, status: { desiredReplicas: 0 } };
}

export const horizontalPodAutoscalerKind: KindDefinition = {
  otherVersions: { [HPA_V1_API_VERSION]: convertV1ToV2 },
  group: 'autoscaling',
  version: 'v2',
  kind: 'HorizontalPodAutoscaler',
  plural: 'horizontalpodautoscalers',
  singular: 'horizontalpodautoscaler',
  shortNames: ['hpa'],
  namespaced: true,
  categories: ['all'],
  hasStatus: true,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: defaultHorizontalPodAutoscaler,
  prepareForCreate,
  validate: validateHorizontalPodAutoscaler,
  validateUpdate: validateHorizontalPodAutoscalerUpdate,
  validateStatusUpdate: validateHorizontalPodAutoscalerStatusUpdate,
  columns: [
    {
      name: 'Reference',
      cell: (o) => `${o.spec?.scaleTargetRef?.kind ?? ''}/${o.spec?.scaleTargetRef?.name ?? ''}`,
    },
    { name: 'Targets', cell: (o) => formatHPAMetrics(o.spec?.metrics, o.status?.currentMetrics) },
    { name: 'MinPods', cell: (o) => (typeof o.spec?.minReplicas === 'number' ? String(o.spec.minReplicas) : '<unset>') },
    { name: 'MaxPods', type: 'integer', cell: (o) => String(o.spec?.maxReplicas ?? 0) },
    { name: 'Replicas', type: 'integer', cell: (o) => String(o.status?.currentReplicas ?? 0) },
    { name: 'Age', cell: age },
  ],
};

/**
 * Lets manifests name the kind as autoscaling/v1 too: the API server serves both versions of one
 * resource, and the defaulting step converts v1 bodies to v2. Only the manifest lookup learns the
 * alias; listings, `api-resources` and `kubectl get` keep the one (v2) definition.
 */
export function registerHpaV1Alias(registry: KindRegistry): void {
  registry.registerVersion(HPA_V1_API_VERSION, horizontalPodAutoscalerKind);
}
