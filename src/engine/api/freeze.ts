// Whether new API servers deep-freeze committed objects. Tests turn it on (testing/setup.ts) so
// any code that mutates a stored object fails loudly; production leaves it off for speed.

let freeze = false;

export function setFreezeByDefault(value: boolean): void {
  freeze = value;
}

export function freezeByDefault(): boolean {
  return freeze;
}
