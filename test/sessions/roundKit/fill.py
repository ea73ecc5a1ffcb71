#!/usr/bin/env python3
"""Fill a round-kit prompt's placeholders: fill.py TEMPLATE OUT NAME=VALUE ...

Longer placeholder names are replaced first, so DOMAIN does not eat into EXCLUDED_DOMAINS (stop 48's
builders were told their own domain was excluded because a plain replace ran DOMAIN first). Every
placeholder given must occur in the template, and none may be left over.
"""
import re
import sys

template, out, *pairs = sys.argv[1:]
text = open(template, encoding="utf-8").read()
values = dict(p.split("=", 1) for p in pairs)
for name in sorted(values, key=len, reverse=True):
    if name not in text:
        sys.exit(f"fill.py: {name} does not occur in {template}")
    text = text.replace(name, values[name])
left = [n for n in ("NUM", "LETTERS", "DOMAIN", "DEADLINE", "EXCLUDED_REPOS", "EXCLUDED_DOMAINS",
                    "QUESTIONS_FILE", "PLANDIR") if re.search(rf"\b{n}\b", text)]
if left:
    sys.exit(f"fill.py: {', '.join(left)} left unfilled in {out}")
open(out, "w", encoding="utf-8").write(text)
