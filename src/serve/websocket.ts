// Watches over WebSocket, as kube-apiserver serves them to clients that ask (Headlamp's backend,
// browsers): the upgrade handshake (RFC 6455), then each watch event as one text message of its
// JSON line, exactly what the chunked stream would carry. The watch handler writes to a
// response-like adapter, so both transports share it; what the client sends is read only for
// close and ping.

import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

const HANDSHAKE_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OPCODE_TEXT = 0x1;
const OPCODE_CLOSE = 0x8;
const OPCODE_PING = 0x9;
const OPCODE_PONG = 0xa;
/** What a client may send us in one frame (it only closes or pings). */
const MAX_CLIENT_FRAME = 64 * 1024;

export function isWebSocketUpgrade(req: IncomingMessage): boolean {
  return (req.headers.upgrade ?? '').toLowerCase() === 'websocket' && typeof req.headers['sec-websocket-key'] === 'string';
}

function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  let header: Buffer;
  if (length < 126) {
    header = Buffer.from([0x80 | opcode, length]);
  } else if (length < 65536) {
    header = Buffer.alloc(4);
    header[0] = 0x80 | opcode;
    header[1] = 126;
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0x80 | opcode;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([header, payload]);
}

/**
 * The part of http.ServerResponse the watch handler and the error answers use, over an
 * upgraded socket: headers become the handshake answer (or, for an error, an HTTP answer before
 * any upgrade), each write a text message.
 */
export class WebSocketResponse extends EventEmitter {
  headersSent = false;
  private upgraded = false;
  private ended = false;
  private pending = Buffer.alloc(0);

  constructor(
    private readonly req: IncomingMessage,
    private readonly socket: Duplex,
  ) {
    super();
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('close', () => {
      this.ended = true;
      this.emit('close');
    });
    socket.on('error', () => socket.destroy());
  }

  writeHead(code: number, headers: Record<string, string | string[]> = {}): this {
    this.headersSent = true;
    if (code === 200) {
      const accept = createHash('sha1').update(`${this.req.headers['sec-websocket-key']}${HANDSHAKE_GUID}`).digest('base64');
      this.socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
      this.upgraded = true;
    } else {
      // Refused before the upgrade (a bad selector, too many watches): a plain HTTP answer.
      const lines = Object.entries(headers).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`);
      this.socket.write(
        `HTTP/1.1 ${code} ${STATUS_CODES[code] ?? 'Error'}\r\n${[...lines, 'Connection: close'].join('\r\n')}\r\n\r\n`,
      );
    }
    return this;
  }

  flushHeaders(): void {}

  write(text: string): boolean {
    if (this.ended) return false;
    if (!this.upgraded) return this.socket.write(text);
    return this.socket.write(frame(OPCODE_TEXT, Buffer.from(text)));
  }

  end(text?: string): this {
    if (this.ended) return this;
    if (text !== undefined) this.write(text);
    this.ended = true;
    if (this.upgraded) this.socket.end(frame(OPCODE_CLOSE, Buffer.from([0x03, 0xe8])));
    else this.socket.end();
    return this;
  }

  /** Client frames: answers pings, ends on close (or on anything malformed or too large). */
  private read(chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    while (this.pending.length >= 2) {
      const opcode = this.pending[0] & 0x0f;
      const masked = (this.pending[1] & 0x80) !== 0;
      let length = this.pending[1] & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (this.pending.length < 4) return;
        length = this.pending.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (this.pending.length < 10) return;
        length = Number(this.pending.readBigUInt64BE(2));
        offset = 10;
      }
      if (length > MAX_CLIENT_FRAME) {
        this.end();
        return;
      }
      const maskOffset = offset;
      if (masked) offset += 4;
      if (this.pending.length < offset + length) return;
      const payload = Buffer.from(this.pending.subarray(offset, offset + length));
      if (masked) for (let i = 0; i < payload.length; i++) payload[i] ^= this.pending[maskOffset + (i % 4)];
      this.pending = this.pending.subarray(offset + length);
      if (opcode === OPCODE_CLOSE) {
        this.end();
        return;
      }
      if (opcode === OPCODE_PING && this.upgraded && !this.ended) this.socket.write(frame(OPCODE_PONG, payload));
    }
  }
}
