// help: what the page's console answers to `help` — the programs it runs, kubectl's verbs and
// kubeplay's verbs as completion knows them (completion-data.ts, so the list cannot drift from
// what Tab offers), the page's own commands and keys, and where each program's own help is.
// The page prints it itself, like `clear`: it is not a command of the simulation.

import { KUBECTL_FLAGS, KUBEPLAY_VERBS } from './completion-data';

/** The console's own commands, which never reach the simulation. */
export const PAGE_COMMANDS = ['clear', 'help'] as const;

/** Words joined by `sep`, wrapped into lines of at most `width` characters after `indent`. */
function wrap(words: readonly string[], indent: string, width: number, sep = ' '): string {
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    const next = line ? `${line}${sep}${w}` : w;
    // room for the separator that ends a wrapped line
    if (line && indent.length + next.length + sep.trimEnd().length > width) {
      lines.push(indent + line + sep.trimEnd());
      line = w;
    } else line = next;
  }
  if (line) lines.push(indent + line);
  return lines.join('\n');
}

/** kubectl's top-level verbs the console runs, sorted. */
export function kubectlVerbs(): string[] {
  return [...new Set(Object.keys(KUBECTL_FLAGS).map((k) => k.split(' ')[0]))].sort();
}

/** kubeplay's verbs: `node add|stop|…`, `load`, sorted by group. */
export function kubeplayVerbs(): string[] {
  return Object.entries(KUBEPLAY_VERBS).map(([group, subs]) => (subs.length ? `${group} ${subs.join('|')}` : group));
}

/** The text `help` prints, for a terminal `width` characters wide. */
export function consoleHelp(width = 100): string {
  const indent = '    ';
  return [
    'This console runs:',
    '  kubectl VERB …     the Kubernetes CLI, against the simulated API server. Its verbs here:',
    wrap(kubectlVerbs(), indent, width),
    '                     kubectl help lists them; kubectl VERB --help explains one, with examples',
    '  kubeplay VERB …    what kubectl cannot do: the machines, the network, the playground',
    wrap(kubeplayVerbs(), indent, width, ' · '),
    '                     kubeplay alone prints every form with its flags',
    '  sleep DURATION     let simulated time pass (sleep 30s, sleep 5m; Ctrl+C ends it)',
    '  clear              empty the screen (Ctrl+L)',
    '  help               this list',
    'Keys: Tab completes (a second Tab lists the choices) · ↑ ↓ history · Ctrl+C stops a watch or a command',
    '',
  ].join('\n');
}
