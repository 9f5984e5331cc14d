// `kubectl describe namespace` (kubectl pkg/describe describeNamespace): labels, annotations,
// phase, conditions, then the namespace's resource quotas and limit ranges (a real API server
// serves both kinds, so their absence reads as "none"). Namespaces show no events.

import type { KObject } from '../../../k8s/types';
import { quantityString } from './containers';
import { formatRFC1123Z, printAnnotationsMultiline, printLabelsMultiline, sortStrings } from './format';
import type { DescribeContext, Describer } from './types';
import { LEVEL_0, LEVEL_1, tabbedString, type PrefixWriter } from './writer';

export const SCOPE_HELP: Record<string, string> = {
  Terminating:
    'Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.',
  NotTerminating:
    'Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.',
  BestEffort: 'Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.',
  NotBestEffort:
    'Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.',
};

export const describeNamespace: Describer = (ns: KObject, ctx: DescribeContext) => {
  const name = ns.metadata.name ?? '';
  const quotas = listIn(ctx, 'ResourceQuota', name);
  const limitRanges = listIn(ctx, 'LimitRange', name);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${name}\n`);
    printLabelsMultiline(w, 'Labels', ns.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', ns.metadata.annotations);
    w.write(LEVEL_0, `Status:\t${ns.status?.phase ?? ''}\n`);
    const conditions: any[] = ns.status?.conditions ?? [];
    if (conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n');
      w.write(LEVEL_1, 'Type\tStatus\tLastTransitionTime\tReason\tMessage\n');
      w.write(LEVEL_1, '----\t------\t------------------\t------\t-------\n');
      for (const c of conditions) {
        w.write(
          LEVEL_1,
          `${c.type}\t${c.status}\t${formatRFC1123Z(c.lastTransitionTime)}\t${c.reason ?? ''}\t${c.message ?? ''}\n`,
        );
      }
    }
    w.write(LEVEL_0, '\n');
    describeResourceQuotas(quotas, w);
    w.write(LEVEL_0, '\n');
    describeLimitRanges(limitRanges, w);
  });
};

/** Objects of a core kind in the namespace; none when this build does not serve the kind. */
function listIn(ctx: DescribeContext, kind: string, namespace: string): KObject[] {
  const def = ctx.env.registry.forObject('v1', kind);
  if (!def) return [];
  return ctx.env.api.list(def, { namespace }).items;
}

function describeResourceQuotas(quotas: KObject[], w: PrefixWriter): void {
  if (quotas.length === 0) {
    w.write(LEVEL_0, 'No resource quota.\n');
    return;
  }
  const sorted = [...quotas].sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
  w.write(LEVEL_0, 'Resource Quotas\n');
  for (const q of sorted) {
    w.write(LEVEL_1, `Name:\t${q.metadata.name ?? ''}\n`);
    const scopes = sortStrings((q.spec?.scopes ?? []) as string[]);
    if (scopes.length > 0) {
      w.write(LEVEL_1, `Scopes:\t${scopes.join(', ')}\n`);
      for (const scope of scopes) if (SCOPE_HELP[scope]) w.write(LEVEL_1, `* ${SCOPE_HELP[scope]}\n`);
    }
    w.write(LEVEL_1, 'Resource\tUsed\tHard\n');
    w.write(LEVEL_1, '--------\t---\t---\n');
    const hard: Record<string, unknown> = q.status?.hard ?? {};
    const used: Record<string, unknown> = q.status?.used ?? {};
    for (const r of sortStrings(Object.keys(hard))) {
      w.write(LEVEL_1, `${r}\t${quantityString(used[r])}\t${quantityString(hard[r])}\n`);
    }
  }
}

function describeLimitRanges(limitRanges: KObject[], w: PrefixWriter): void {
  if (limitRanges.length === 0) {
    w.write(LEVEL_0, 'No LimitRange resource.\n');
    return;
  }
  w.write(LEVEL_0, 'Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
  w.write(LEVEL_0, ' ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
  for (const lr of limitRanges) describeLimitRangeSpec(lr.spec ?? {}, ' ', w);
}

/** One row per resource named by any of a limit's maps ('-' where a map does not name it). */
export function describeLimitRangeSpec(spec: any, prefix: string, w: PrefixWriter): void {
  for (const item of (spec.limits ?? []) as any[]) {
    const maps: Record<string, unknown>[] = [
      item.max,
      item.min,
      item.default,
      item.defaultRequest,
      item.maxLimitRequestRatio,
    ].map((m) => m ?? {});
    const names = sortStrings(new Set(maps.flatMap((m) => Object.keys(m))));
    const cell = (m: Record<string, unknown>, n: string) => (m[n] === undefined ? '-' : quantityString(m[n]));
    for (const n of names) {
      const [max, min, def, defReq, ratio] = maps;
      w.write(
        LEVEL_0,
        `${prefix}${item.type ?? ''}\t${n}\t${cell(min, n)}\t${cell(max, n)}\t${cell(defReq, n)}\t${cell(def, n)}\t${cell(ratio, n)}\n`,
      );
    }
  }
}
