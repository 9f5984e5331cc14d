// highlight: splits console output into segments to colour, with the same status colours the
// rest of the UI uses (green ok, amber progressing, red failing, grey unknown/terminating) and
// dimmed table headers. Pure, so it is tested without a DOM.

export type Tone = 'ok' | 'warn' | 'bad' | 'muted' | 'header';

export interface Segment {
  text: string;
  tone?: Tone;
}

const TONES: Record<string, Tone> = {
  Ready: 'ok',
  Running: 'ok',
  Completed: 'muted',
  Succeeded: 'muted',
  True: 'ok',
  Pending: 'warn',
  ContainerCreating: 'warn',
  PodInitializing: 'warn',
  SchedulingDisabled: 'warn',
  NotReady: 'bad',
  CrashLoopBackOff: 'bad',
  Error: 'bad',
  ImagePullBackOff: 'bad',
  ErrImagePull: 'bad',
  OOMKilled: 'bad',
  Failed: 'bad',
  Evicted: 'bad',
  False: 'bad',
  Unknown: 'muted',
  Terminating: 'muted',
};

const WORDS = new RegExp(`(?<![\\w-])(${Object.keys(TONES).join('|')}|Init:\\d+/\\d+)(?![\\w-])`, 'g');

/** A kubectl table header: several upper-case column names and nothing else. */
function isHeader(line: string): boolean {
  return /^[A-Z][A-Z0-9()_-]*( {1,}[A-Z][A-Z0-9()_-]*)+ *$/.test(line) && line.includes('NAME');
}

function highlightLine(line: string, out: Segment[]): void {
  if (isHeader(line)) {
    out.push({ text: line, tone: 'header' });
    return;
  }
  let at = 0;
  for (const match of line.matchAll(WORDS)) {
    const start = match.index;
    if (start > at) out.push({ text: line.slice(at, start) });
    const word = match[0];
    out.push({ text: word, tone: word.startsWith('Init:') ? 'warn' : TONES[word] });
    at = start + word.length;
  }
  if (at < line.length) out.push({ text: line.slice(at) });
}

/** Segments of stdout text; concatenated they give back `text` exactly. */
export function highlight(text: string): Segment[] {
  const out: Segment[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    highlightLine(line, out);
    if (i < lines.length - 1) out.push({ text: '\n' });
  });
  // merge plain neighbours to keep the DOM small
  const merged: Segment[] = [];
  for (const seg of out) {
    const last = merged[merged.length - 1];
    if (last && !last.tone && !seg.tone) last.text += seg.text;
    else if (seg.text) merged.push({ ...seg });
  }
  return merged;
}
