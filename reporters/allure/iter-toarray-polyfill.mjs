/**
 * Iterator.prototype.toArray for Node 20: Allure 3's quality gate calls `Map.values().toArray()`
 * (an iterator helper, Node 22+) and crashes without it. Loaded only into the Allure CLI process, and
 * only on Node < 22 (allureNodeOptions in reporters/allure/allure-cli.ts, which adds --import=<this file> to
 * its NODE_OPTIONS). Upstream fix: allure3 PR #977. Delete this file when Node 20 is dropped.
 */
const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
if (typeof IteratorPrototype.toArray !== 'function') {
  Object.defineProperty(IteratorPrototype, 'toArray', {
    configurable: true,
    writable: true,
    value() {
      const out = [];
      for (const v of { [Symbol.iterator]: () => this }) out.push(v);
      return out;
    },
  });
}
