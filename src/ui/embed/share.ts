// share: the link that reproduces a session — the recorded steps as a `script=` parameter, plus
// the clock's speed and pause, and (for an embed link) `embed=`. Pure, so tests build links
// without a page.

import type { Speed } from '../../protocol/messages';
import { encodeBase64Url } from './codec';
import { DEFAULT_EMBED } from './params';
import { formatScript, type SessionStep } from './script';

export interface ShareOptions {
  speed: Speed;
  playing: boolean;
  /** `embed=` value for an embed link (omit for a link to the full playground). */
  embed?: string;
  /** `theme=` to keep (a forced theme of the page sharing). */
  theme?: string;
}

/** The `embed=` of the embed code Share offers. */
export const SHARE_EMBED = DEFAULT_EMBED.join(',');

/** A URL (origin + path of the page) that replays `steps`, then sets the clock as it is now. */
export function shareUrl(base: string, steps: readonly SessionStep[], options: ShareOptions): string {
  const parts: string[] = [];
  if (options.embed !== undefined)
    parts.push(options.embed === '' ? 'embed' : `embed=${encodeURIComponent(options.embed).replace(/%2C/gi, ',')}`);
  if (options.theme) parts.push(`theme=${encodeURIComponent(options.theme)}`);
  if (options.speed !== 1) parts.push(`speed=${options.speed}`);
  if (!options.playing) parts.push('paused');
  const script = formatScript(steps);
  if (script !== '') parts.push(`script=${encodeBase64Url(script)}`);
  return parts.length > 0 ? `${base}?${parts.join('&')}` : base;
}

/** HTML that embeds `url` in a docs page, at the size embed mode is designed for. */
export function iframeSnippet(url: string): string {
  const src = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<iframe src="${src}" title="Kubeplay" width="1024" height="640" style="border:0" loading="lazy"></iframe>`;
}

/** "3 commands", "1 command". */
export function countCommands(steps: readonly SessionStep[]): string {
  const n = steps.filter((s) => s.kind === 'command').length;
  return `${n} command${n === 1 ? '' : 's'}`;
}
