// The package's ESM entry (index.mjs) has the same API as its typed CommonJS entry; Node's ESM
// loader cannot see named exports of the CommonJS one, so the engine imports the .mjs file.
declare module 'fast-json-patch/index.mjs' {
  export * from 'fast-json-patch';
}
