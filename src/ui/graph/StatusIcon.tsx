// The shape of a status (status-icon.ts) as a tiny stroked SVG in the current text colour.

import { memo } from 'react';
import { ICON_PATHS, statusIcon } from './status-icon';
import type { PodTone } from './model';

export const StatusIcon = memo(function StatusIcon({ status, tone }: { status: string; tone: PodTone }) {
  const name = statusIcon(status, tone);
  return (
    <svg className={`status-icon icon-${name}`} viewBox="0 0 10 10" aria-hidden="true" data-icon={name}>
      <path d={ICON_PATHS[name]} />
    </svg>
  );
});
