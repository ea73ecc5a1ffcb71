import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { Disposable, DisposableStore } from "../../src/extension/host/disposable.ts";

/** The owner of subscriptions every view and panel of the extension extends (issue 14). */

class Owner extends Disposable {
  hold<T extends { dispose(): unknown }>(item: T): T {
    return this.register(item);
  }
}

function recorder(order: string[], name: string): { dispose(): void } {
  return { dispose: () => void order.push(name) };
}

describe("Disposable", () => {
  test("frees what it registered once, newest first", () => {
    const order: string[] = [];
    const owner = new Owner();
    owner.hold(recorder(order, "a"));
    owner.hold(recorder(order, "b"));
    assert.equal(owner.held, 2);
    owner.dispose();
    owner.dispose();
    assert.deepEqual(order, ["b", "a"]);
    assert.equal(owner.held, 0);
    assert.ok(owner.isDisposed);
  });

  test("an item registered after disposal is freed at once", () => {
    const order: string[] = [];
    const owner = new Owner();
    owner.dispose();
    owner.hold(recorder(order, "late"));
    assert.deepEqual(order, ["late"]);
    assert.equal(owner.held, 0);
  });

  test("one failing dispose does not keep the others alive", () => {
    const order: string[] = [];
    const owner = new Owner();
    owner.hold(recorder(order, "a"));
    owner.hold({
      dispose: () => {
        throw new Error("boom");
      },
    });
    owner.hold(recorder(order, "c"));
    assert.throws(() => owner.dispose(), /boom/);
    assert.deepEqual(order, ["c", "a"]);
  });
});

describe("DisposableStore", () => {
  test("clear frees one life's items and the store takes the next life's", () => {
    const order: string[] = [];
    const store = new DisposableStore();
    store.add(recorder(order, "panel 1 message"));
    store.add(recorder(order, "panel 1 close"));
    assert.equal(store.size, 2);
    store.clear();
    assert.deepEqual(order, ["panel 1 close", "panel 1 message"]);
    assert.equal(store.size, 0);
    store.add(recorder(order, "panel 2 message"));
    assert.equal(store.size, 1);
    store.dispose();
    assert.deepEqual(order.at(-1), "panel 2 message");
    store.add(recorder(order, "after"));
    assert.equal(order.at(-1), "after");
    assert.equal(store.size, 0);
  });
});
