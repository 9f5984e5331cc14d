import { describe, expect, it } from 'vitest';
import { decodeProtobufBody } from './decode';

// What kubectl v1.32 sends for `kubectl create deployment cap2 --image=nginx:1.14.2 --replicas=0 --port=80`.
const CREATE_DEPLOYMENT = Buffer.from(
  '6b3873000a150a07617070732f7631120a4465706c6f796d656e7412c3010a210a046361703212001a0022002a003200380042005a0b0a03617070120463617032128f010800120d0a0b0a036170701204636170321a740a1d0a0012001a0022002a003200380042005a0b0a03617070120463617032125312350a056e67696e78120c6e67696e783a312e31342e322a00320a0a001000185022002a0042006a007200800100880100900100a201001a00320042004a0052005800600068008201008a01009a0100c2010022020a00280038001a0c0800100018002000280038001a002200',
  'hex',
);

describe('Kubernetes protobuf request bodies', () => {
  it('decode to the JSON kubectl would have sent, zero values as encoding/json sees them', () => {
    const obj = decodeProtobufBody(CREATE_DEPLOYMENT);
    expect(obj).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'cap2', creationTimestamp: null, labels: { app: 'cap2' } },
      spec: {
        // A pointer: the explicit 0 stays.
        replicas: 0,
        selector: { matchLabels: { app: 'cap2' } },
        template: {
          metadata: { creationTimestamp: null, labels: { app: 'cap2' } },
          spec: { containers: [{ name: 'nginx', image: 'nginx:1.14.2', ports: [{ containerPort: 80 }], resources: {} }] },
        },
        strategy: {},
      },
      status: {},
    });
  });

  it('refuses what is not a Kubernetes protobuf envelope, or does not decode, with a 400', () => {
    expect(() => decodeProtobufBody(Buffer.from('{"kind":"Pod"}'))).toThrow(/envelope/);
    expect(() => decodeProtobufBody(CREATE_DEPLOYMENT.subarray(0, 60))).toThrow(/unable to decode the protobuf body/);
    const unknownKind = Buffer.from(CREATE_DEPLOYMENT);
    unknownKind.write('Xeployment', 17);
    expect(() => decodeProtobufBody(unknownKind)).toThrow(/no kind "Xeployment" is registered for version "apps\/v1"/);
  });
});
