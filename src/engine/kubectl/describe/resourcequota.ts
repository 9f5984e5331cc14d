// `kubectl describe resourcequota` and `describe limitrange` (kubectl pkg/describe describe.go):
// a quota's Resource / Used / Hard table (status.hard sorted by name; a used value printed in the
// hard value's format when they differ), a range's Type / Resource / Min / Max / Default Request /
// Default Limit / Max Limit/Request Ratio table (`-` where unset).

import { Quantity } from '../../../k8s/quantity';
import { decodeQuantity } from '../../api/validation/resources';
import { SCOPE_HELP } from './namespace';
import type { Describer } from './types';
import { LEVEL_0, tabbedString } from './writer';

export const describeResourceQuota: Describer = (rq) =>
  tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${rq.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${rq.metadata.namespace ?? ''}\n`);
    const scopes = (rq.spec?.scopes ?? []) as string[];
    if (scopes.length > 0) {
      const sorted = [...scopes].sort();
      w.write(LEVEL_0, `Scopes:\t${sorted.join(', ')}\n`);
      for (const scope of sorted) if (SCOPE_HELP[scope]) w.write(LEVEL_0, ` * ${SCOPE_HELP[scope]}\n`);
    }
    w.write(LEVEL_0, 'Resource\tUsed\tHard\n');
    w.write(LEVEL_0, '--------\t----\t----\n');
    const hard: Record<string, string> = rq.status?.hard ?? {};
    const used: Record<string, string> = rq.status?.used ?? {};
    for (const r of Object.keys(hard).sort()) {
      const h = decodeQuantity(hard[r]) ?? Quantity.fromValue(0);
      let u = decodeQuantity(used[r]) ?? Quantity.fromValue(0);
      if (u.format !== h.format) u = Quantity.fromValue(u.value(), h.format);
      w.write(LEVEL_0, `${r}\t${u.toString()}\t${h.toString()}\n`);
    }
  });

export const describeLimitRange: Describer = (lr) =>
  tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${lr.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${lr.metadata.namespace ?? ''}\n`);
    w.write(LEVEL_0, 'Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
    w.write(LEVEL_0, '----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
    for (const item of (lr.spec?.limits ?? []) as any[]) {
      const fields = ['min', 'max', 'defaultRequest', 'default', 'maxLimitRequestRatio'];
      const names = new Set<string>();
      for (const f of fields) for (const k of Object.keys(item?.[f] ?? {})) names.add(k);
      for (const r of [...names].sort()) {
        const cells = fields.map((f) => (item?.[f]?.[r] !== undefined ? String(item[f][r]) : '-'));
        w.write(LEVEL_0, `${item?.type ?? ''}\t${r}\t${cells.join('\t')}\n`);
      }
    }
  });
