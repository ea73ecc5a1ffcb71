"""Fold a round's sessions, labels and misses into the corpus (replaces the labels and misses of
those sessions). usage: fold.py PLANDIR STOPDIR LETTERS:NUM:LAKE [LETTERS:NUM:LAKE ...]
e.g. fold.py /work/plan/s47 heldout47 IR:119:short-term-rentals IS:120:city-service-requests
Reads PLANDIR/labels-XX.json (a reader's output), PLANDIR/sessions-XX/*.session.json
(traceToSession.py), /work/heldoutNUM/{lake,questions.json,answers-XX.json,frictions-XX.md},
PLANDIR/gold-NUM.json and PLANDIR/fired-XX.json."""
import json, os, shutil, sys, glob
here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.dirname(here)  # test/sessions
plan, stop = sys.argv[1], sys.argv[2]
os.makedirs(f"{repo}/{stop}", exist_ok=True)
for spec in sys.argv[3:]:
    L, num, lake = spec.split(":")
    lab = json.load(open(f"{plan}/labels-{L}.json"))
    sessions = {}
    for f in sorted(glob.glob(f"{plan}/sessions-{L}/*.session.json")):
        d = json.load(open(f)); d["labels"] = []; d["misses"] = []; sessions[d["id"]] = d
    for kind in ("labels", "misses"):
        for x in lab.get(kind, []):
            if x["session"] not in sessions: print("no session", x["session"]); continue
            sessions[x["session"]][kind].append({k: v for k, v in x.items() if k != "session" and v is not None})
    for sid, d in sessions.items():
        with open(f"{repo}/analyst/{sid}.session.json", "w") as out:
            json.dump(d, out, indent=1, ensure_ascii=False); out.write("\n")
    dst = f"{repo}/lakes/{lake}"
    if os.path.exists(dst): shutil.rmtree(dst)
    shutil.copytree(f"/work/heldout{num}/lake", dst)
    for src, name in [(f"/work/heldout{num}/questions.json", f"questions-{L}.json"), (f"{plan}/gold-{num}.json", f"gold-{lake}.json"),
                      (f"/work/heldout{num}/answers-{L}.json", f"answers-{L}.json"), (f"{plan}/fired-{L}.json", f"fired-{L}.json"),
                      (f"{plan}/labels-{L}.json", f"labels-{L}.json"), (f"/work/heldout{num}/frictions-{L}.md", f"frictions-{L}.md")]:
        shutil.copy(src, f"{repo}/{stop}/{name}")
    print(L, len(sessions), "sessions", len(lab["labels"]), "labels", len(lab.get("misses", [])), "misses")
