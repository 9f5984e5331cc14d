// `kubectl help`, `kubectl COMMAND --help`: real kubectl's texts (help.generated.ts), captured
// from the kubectl on PATH by scripts/generate-kubectl-help.ts with the lists of commands cut to
// the ones the playground has.

import { kubectlHelpTexts } from './help.generated';

/** The help of a command path (`[]` is kubectl itself). */
export function helpText(path: readonly string[]): string {
  return kubectlHelpTexts[path.join(' ')] ?? kubectlHelpTexts[''];
}

/** What cobra prints (to stderr) for `kubectl help` of a command that does not exist. */
export function unknownHelpTopic(topic: readonly string[]): string {
  const root = kubectlHelpTexts[''];
  const usage = root.slice(root.indexOf('\n\n', root.indexOf('Find more information')) + 2);
  return `Unknown help topic [${topic.map((t) => '`' + t + '`').join(' ')}]\n\n\n${usage}`;
}

/** `kubectl options`: the global flags, as kubectl lists them. */
export function globalOptionsText(): string {
  return kubectlHelpTexts['#options'];
}
