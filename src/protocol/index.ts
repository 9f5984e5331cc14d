// protocol: the messages between the UI and the simulation worker, and the delta helpers both
// sides share. Imports nothing but k8s types, so either side can use it.

export * from './messages';
export * from './delta';
export * from './validate';
export * from './mirror';
