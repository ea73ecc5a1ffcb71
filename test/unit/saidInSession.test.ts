import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  noteSaid,
  saidBefore,
  saidEarlier,
  sayOnceSettled,
  settleSaid,
} from "../../src/core/validation/saidInSession.ts";
import { overlayOf } from "../../src/core/state/sessionState.ts";
import type { Diagnostic } from "../../src/core/diagnostic.ts";

// A finding repeated in a session is told as a repeat — by the order the calls were sent in. The
// calls of a batch run at once on several lanes, so the second call may finish (and say it) first.

describe("what a rule has said in a session", () => {
  test("a later call repeats what an earlier call said", () => {
    const state = {};
    assert.equal(saidBefore(state, "rule-a", "k", 0), false);
    assert.equal(saidBefore(state, "rule-a", "k", 1), true);
  });

  test("the batch's first call is not told it repeats its second, which finished first", () => {
    const state = {};
    assert.equal(saidBefore(state, "rule-a", "k", 4), false);
    assert.equal(saidBefore(state, "rule-a", "k", 3), false);
    // Both said it now; a call sent after either is a repeat.
    assert.equal(saidBefore(state, "rule-a", "k", 5), true);
  });

  test("one call saying it twice repeats it; other rules, keys and sessions are apart", () => {
    const state = {};
    assert.equal(saidBefore(state, "rule-a", "k", 2), false);
    assert.equal(saidBefore(state, "rule-a", "k", 2), true);
    assert.equal(saidBefore(state, "rule-b", "k", 3), false);
    assert.equal(saidBefore(state, "rule-a", "other", 3), false);
    assert.equal(saidBefore({}, "rule-a", "k", 3), false);
  });

  test("without call orders (checks run outside a runtime), the order of asking", () => {
    const state = {};
    assert.equal(saidBefore(state, "rule-a", "k"), false);
    assert.equal(saidBefore(state, "rule-a", "k"), true);
  });

  test("asking is not saying: a rule notes a key only when it reports it", () => {
    const state = {};
    assert.equal(saidEarlier(state, "rule-a", "k", 1), false);
    assert.equal(saidEarlier(state, "rule-a", "k", 2), false);
    noteSaid(state, "rule-a", "k", 3);
    assert.equal(saidEarlier(state, "rule-a", "k", 2), false);
    assert.equal(saidEarlier(state, "rule-a", "k", 4), true);
  });

  test("a query's checks see the state through an overlay (its CTEs as tables): the session's memory is the state's", () => {
    const state = {};
    assert.equal(saidBefore(overlayOf(state), "rule-a", "k", 1), false);
    assert.equal(saidBefore(state, "rule-a", "k", 2), true);
    assert.equal(saidBefore(overlayOf(overlayOf(state)), "rule-a", "k", 3), true);
    assert.equal(saidBefore(overlayOf({}), "rule-a", "k", 3), false);
  });

  test("a finding said once its effect is known: noted only if it stays a warning", () => {
    const state = {};
    const finding = (severity: Diagnostic["severity"]): Diagnostic => ({
      code: "padding-rows",
      severity,
      message: "m",
      locations: [],
    });
    const lowered = sayOnceSettled(finding("warning"), state, "rule-a", "k", 1);
    assert.equal(saidEarlier(state, "rule-a", "k", 2), false);
    lowered.severity = "info";
    settleSaid([lowered]);
    assert.equal(saidEarlier(state, "rule-a", "k", 2), false);
    settleSaid([sayOnceSettled(finding("warning"), state, "rule-a", "k", 2)]);
    assert.equal(saidEarlier(state, "rule-a", "k", 3), true);
  });
});
