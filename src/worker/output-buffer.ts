// OutputBuffer: what the console sessions print, held until the end of a command or a frame and
// sent as few OutputMessages as possible (consecutive chunks of one command and stream merge).

import type { OutputMessage } from '../protocol/messages';

export class OutputBuffer {
  private chunks: OutputMessage[] = [];

  constructor(private readonly send: (message: OutputMessage) => void) {}

  push(id: string, text: string, stream: 'stdout' | 'stderr'): void {
    if (text === '') return;
    const last = this.chunks[this.chunks.length - 1];
    if (last && last.id === id && last.stream === stream) last.text += text;
    else this.chunks.push({ type: 'output', id, text, stream });
  }

  flush(): void {
    const chunks = this.chunks;
    this.chunks = [];
    for (const chunk of chunks) this.send(chunk);
  }
}
