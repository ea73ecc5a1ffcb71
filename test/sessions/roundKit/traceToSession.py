"""Read a state dir's run traces back into session JSON files (one per --session), as sent.
usage: traceToSession.py STATE LAKENAME QUESTIONS OUTDIR WORD AUTHOR [ANSWERS]"""
import json, glob, os, sys
state, lakename, qfile, outdir, word, author = sys.argv[1:7]
answers = {a["id"]: a for a in json.load(open(sys.argv[7]))} if len(sys.argv) > 7 and os.path.exists(sys.argv[7]) else {}
questions = {q["id"]: q["question"] for q in json.load(open(qfile))}
runs = {}
for f in glob.glob(os.path.join(state, "runs", "*.jsonl")):
    ev = [json.loads(l) for l in open(f) if l.strip()]
    start = next((e for e in ev if e.get("type") == "run-start"), None)
    if not start or not start.get("session"): continue
    calls = [e for e in ev if e.get("type") == "call"]
    calls.sort(key=lambda e: e.get("index", 0))
    runs.setdefault(start["session"], []).append((start["startedAt"], calls))
os.makedirs(outdir, exist_ok=True)
for sid, rs in sorted(runs.items()):
    if sid not in questions: print("skip session", sid); continue
    rs.sort(key=lambda r: r[0])
    batches = []
    for _, calls in rs:
        b = []
        for c in calls:
            call = {"op": c["op"], **c.get("args", {})}
            b.append(call)
        if b: batches.append(b)
    num = sid.split("-")[-1]
    out = {"id": f"{sid.rsplit('-',1)[0]}-{word}-{num}", "author": author, "lake": {"dir": lakename},
           "question": questions[sid], "continuity": "session", "batches": batches, "labels": [], "misses": []}
    if sid in answers: out["answer"] = str(answers[sid].get("answer"))
    json.dump(out, open(os.path.join(outdir, out["id"] + ".session.json"), "w"), indent=1)
    print(out["id"], len(batches), "batches", sum(len(b) for b in batches), "calls")
