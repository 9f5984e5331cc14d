// boot: what the URL asks the page to do once the worker is ready — print what was ignored, set
// the clock (speed, paused), replay an example and a script from virtual time zero, and serve the
// postMessage API when the page is framed.
//
// A start-up script runs on a fresh simulation with the clock paused, so its `sleep` lines are
// the only time that passes and the seeded engine reaches the same state on every load; then the
// clock plays (unless `paused`).

import type { Bridge } from '../bridge';
import { kubeplayStore, type KubeplayStore } from '../state/store';
import { isFramed, serveEmbedApi } from './messaging';
import type { PageConfig } from './params';
import { consoleLine, quoteWord } from './script';

/** Resolves once the worker has said `ready` (never, if it fails). */
export function whenConnected(store: KubeplayStore = kubeplayStore): Promise<void> {
  return new Promise((resolve) => {
    if (store.getState().connection === 'ready') {
      resolve();
      return;
    }
    const stop = store.subscribe((s) => {
      if (s.connection !== 'ready') return;
      stop();
      resolve();
    });
  });
}

/**
 * Carries out the start-up part of `config` once the worker is ready. Resolves when every
 * start-up command is done: the page is then ready for an embedding page's commands.
 */
export async function runStartup(bridge: Bridge, config: PageConfig, store: KubeplayStore = kubeplayStore): Promise<void> {
  for (const note of config.notes) bridge.warn(`kubeplay: ${note}\n`);
  await whenConnected(store);
  if (config.speed !== undefined) bridge.setSpeed(config.speed);
  const script = config.script ?? [];
  if (!config.example && script.length === 0) {
    if (config.paused) bridge.pause();
    return;
  }
  bridge.pause();
  bridge.reset();
  const count = script.length + (config.example ? 1 : 0);
  bridge.note(`Replaying ${count === 1 ? 'a command' : `${count} commands`} from the link, from virtual time zero…\n`);
  const ids: string[] = [];
  if (config.example) ids.push(bridge.runConsole(`kubectl apply -f ${quoteWord(config.example)}`));
  for (const command of script) ids.push(bridge.runConsole(consoleLine(command), command.stdin));
  if (!config.paused) bridge.play();
  const last = ids[ids.length - 1];
  if (last) await bridge.track(last);
}

/** Starts what the URL asks for; returns when it is under way (the work goes on asynchronously). */
export function startPage(bridge: Bridge, config: PageConfig, win: Window = window): void {
  const started = runStartup(bridge, config);
  if (isFramed(win)) serveEmbedApi(bridge, win, started);
}
