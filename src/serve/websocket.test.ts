import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RunningServer } from './server';
import { serveForTest } from './testing';

/** A minimal WebSocket client: the handshake, then the text messages as they come. */
async function openWebSocket(server: RunningServer, path: string) {
  const { hostname, port } = new URL(server.url);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  let buffer = Buffer.alloc(0);
  let head = '';
  const messages: string[] = [];
  let closed = false;
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    if (!head) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      head = buffer.subarray(0, end).toString();
      buffer = buffer.subarray(end + 4);
    }
    while (buffer.length >= 2) {
      let length = buffer[1] & 0x7f;
      let offset = 2;
      if (length === 126) {
        length = buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        length = Number(buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (buffer.length < offset + length) return;
      const opcode = buffer[0] & 0x0f;
      if (opcode === 1) messages.push(buffer.subarray(offset, offset + length).toString());
      if (opcode === 8) closed = true;
      buffer = buffer.subarray(offset + length);
    }
  });
  socket.on('close', () => (closed = true));
  const until = async (check: () => boolean, what: string) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    if (!check()) throw new Error(`never saw ${what}; head ${JSON.stringify(head)}, ${messages.length} messages`);
  };
  /** Sends a masked close frame, as a client must. */
  const close = () => socket.write(Buffer.from([0x88, 0x80, 1, 2, 3, 4]));
  return { messages, until, close, head: () => head, closed: () => closed };
}

describe('kubeplay serve: watches over WebSocket', () => {
  it('upgrades a watch and sends each event as a text message', async () => {
    const server = await serveForTest();
    const ws = await openWebSocket(server, '/api/v1/namespaces?watch=1');
    await ws.until(() => ws.messages.length === 4, 'the namespaces');
    expect(ws.head()).toMatch(/^HTTP\/1\.1 101 Switching Protocols\r\n/);
    expect(ws.head()).toContain('Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
    expect(JSON.parse(ws.messages[0])).toMatchObject({
      type: 'ADDED',
      object: { kind: 'Namespace', metadata: { name: 'default' } },
    });
    server.simulation.run('kubectl create namespace ws');
    await ws.until(() => ws.messages.length === 5, 'the new namespace');
    expect(JSON.parse(ws.messages[4]).object.metadata.name).toBe('ws');
    ws.close();
    await ws.until(ws.closed, 'the close');
  });

  it('refuses what is not a watch before upgrading', async () => {
    const server = await serveForTest();
    const list = await openWebSocket(server, '/api/v1/namespaces');
    await list.until(() => list.head() !== '', 'an answer');
    expect(list.head()).toMatch(/^HTTP\/1\.1 400 /);
    const unknown = await openWebSocket(server, '/api/v1/widgets?watch=1');
    await unknown.until(() => unknown.head() !== '', 'an answer');
    expect(unknown.head()).toMatch(/^HTTP\/1\.1 404 /);
  });
});
