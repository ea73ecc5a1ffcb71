#!/usr/bin/env python3
"""Gold answers for heldout6 (ED). Standard library only; xlsx read with zipfile + xml.etree."""
import json, os, re, sys, zipfile, xml.etree.ElementTree as ET
HERE = os.path.dirname(os.path.abspath(__file__))
L = os.path.join(HERE, 'lake', 'scotland_june_census')
F25 = os.path.join(L, 'June Agricultural Census 2025 Data tables.xlsx')
F25OLD = os.path.join(L, 'vintage_2025_11', 'June Agricultural Census 2025 Data tables.xlsx')
F23 = os.path.join(L, 'June+Agricultural+Census+2023+Tables.xlsx')
FUA = os.path.join(L, 'unitary_authority_data.xlsx')
NS = {'m': 'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
      'r': 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'}

def col2n(c):
    n = 0
    for ch in c: n = n * 26 + ord(ch) - 64
    return n - 1

def read_xlsx(path):
    z = zipfile.ZipFile(path); ss = []
    if 'xl/sharedStrings.xml' in z.namelist():
        for si in ET.fromstring(z.read('xl/sharedStrings.xml')).findall('m:si', NS):
            ss.append(''.join(t.text or '' for t in si.iter('{%s}t' % NS['m'])))
    wb = ET.fromstring(z.read('xl/workbook.xml'))
    rmap = {r.get('Id'): r.get('Target') for r in ET.fromstring(z.read('xl/_rels/workbook.xml.rels'))}
    out = {}
    for s in wb.find('m:sheets', NS):
        t = rmap[s.get('{%s}id' % NS['r'])].lstrip('/')
        t = t if t.startswith('xl/') else 'xl/' + t
        rows = []
        for row in ET.fromstring(z.read(t)).iter('{%s}row' % NS['m']):
            r = {}
            for c in row.findall('m:c', NS):
                ci = col2n(re.match(r'[A-Z]+', c.get('r')).group()); ty = c.get('t'); v = c.find('m:v', NS)
                if ty == 's': val = ss[int(v.text)] if v is not None else None
                elif ty == 'inlineStr': val = ''.join(x.text or '' for x in c.iter('{%s}t' % NS['m']))
                else: val = v.text if v is not None else None
                if val is not None: r[ci] = val
            rows.append([r.get(i) for i in range(max(r) + 1)] if r else [])
        out[s.get('name').strip()] = rows
    return out

def num(x):
    """published numeric value or None for markers (x, c, z, blank)"""
    if x is None: return None
    x = x.strip().replace(',', '')
    try: return float(x)
    except ValueError: return None

def norm(h): return re.sub(r'\s+', ' ', h or '').strip().lower()

def table(sheet, label_col_header=None):
    """rows keyed by first-column label (case/space normalised); header row = first row whose col0 looks like a header"""
    hdr_i = next(i for i, r in enumerate(sheet) if len(r) > 3 and r[1] and re.search(r'\((hectares|number|holdings)\)|\d{4}', norm(r[1])))
    hdr = [norm(h) for h in sheet[hdr_i]]
    body = {}
    for r in sheet[hdr_i + 1:]:
        if r and r[0]: body[norm(r[0])] = r
    return hdr, body

A = read_xlsx(F25); O = read_xlsx(F25OLD); B = read_xlsx(F23); U = read_xlsx(FUA)
gold = []

# Q1 vintage of 2025 total sole right agricultural area
h, t = table(A['Table_1']); h2, t2 = table(O['Table_1'])
c25 = h.index('2025 area (hectares)')
new = num(t['total sole right agricultural area'][c25]); old = num(t2['total sole right agricultural area'][h2.index('2025 area (hectares)')])
gold.append(dict(id='ED-01', answer=f"{round(new)} ha; {round(new-old)} ha more than first published (Oct 2025: {round(old)} ha)",
    sources=[F25, F25OLD], traps=f"Two vintages of the same 2025 workbook: the Oct-2025 file gives {old:.0f}; the Feb-2026 revision gives {new:.0f} (diff {new-old:.1f}). Reading the wrong vintage gives the wrong level and 0 difference."))

# Q2 council area with largest wheat area + share
ua = U['unitary_crops_area']; uh = [norm(x) for x in ua[0]]; wc = uh.index('wheat (hectares)')
rows = [r for r in ua[1:] if r and r[0]]
councils = [r for r in rows if r[0].strip().lower() not in ('all', 'scotland')]
best = max(councils, key=lambda r: num(r[wc]) or -1)
scot_wheat = num(t['wheat'][c25])
allrow = num([r for r in rows if r[0].strip() == 'All'][0][wc])
sum_pub = sum(num(r[wc]) or 0 for r in councils)
gold.append(dict(id='ED-02', answer=f"{best[0]}; {100*num(best[wc])/scot_wheat:.1f}%",
    sources=[FUA, F25], traps=f"'All' row in the council sheet holds text '108,256' (comma thousands, text): if parsed as a number it is the maximum ('All'); summing councils incl. All doubles (~{sum_pub+allrow:.0f}). Suppressed 'c' cells: sum of published council values = {sum_pub:.1f} < Scotland {scot_wheat:.1f}, so share vs that sum = {100*num(best[wc])/sum_pub:.2f}% instead of {100*num(best[wc])/scot_wheat:.2f}% (same at 1 dp)."))

# Q3 average linseed area over years with a published figure
yrs = list(range(2013, 2026)); vals = [num(t['linseed'][h.index(f'{y} area (hectares)')]) for y in yrs]
pub = [v for v in vals if v is not None]
gold.append(dict(id='ED-03', answer=f"{sum(pub)/len(pub):.1f} ha (over {len(pub)} published years)",
    sources=[F25], traps=f"Linseed is 'x' (not available/disclosure) in {13-len(pub)} of 13 years; treating 'x' as 0 gives {sum(pub)/13:.1f}. The 5-year-average and %-change columns to the right of the year columns must not be included."))

# Q4 2023 edition: % diff of 2023 wheat vs 5-year average
s = B['Table_1']; hb = [norm(x) for x in s[0]]
w = [r for r in s if r and r[0] and norm(r[0]) == 'wheat'][0]
frac = num(w[14]); v23 = num(w[hb.index('2023 area (hectares)')]); avg = num(w[13])
gold.append(dict(id='ED-04', answer=f"+{100*(v23-avg)/avg:.1f}% (2023 wheat {v23:.0f} ha vs 5-year average {avg:.1f} ha)",
    sources=[F23], traps=f"In the 2023 edition the '% change' column holds a fraction ({frac:.4f}), not a percentage as in the 2025 edition; reading it as percent gives 0.0%. Header is on row 1 with embedded newlines ('2023\\nArea\\n(Hectares)'), unlike the 2025 edition (5 title rows)."))

# Q5 sub-region with largest % decrease in total sheep 2023 -> 2025
def subregion_row(sheet, label):
    hdr_i = next(i for i, r in enumerate(sheet) if r and r[0] and norm(r[0]) == 'livestock by category')
    hdr = [re.sub(r'\s*\(number\)', '', norm(x)) for x in sheet[hdr_i]]
    row = [r for r in sheet if r and r[0] and norm(r[0]) == label][0]
    return {hdr[i]: num(row[i]) for i in range(1, len(hdr)) if hdr[i] and not hdr[i].startswith('scotland') and hdr[i] != 'notes'}
s25 = subregion_row(A['Table_18'], 'total sheep'); s23 = subregion_row(B['Table_17'], 'total sheep')
assert set(s25) == set(s23), (set(s25) ^ set(s23))
chg = {k: 100 * (s25[k] - s23[k]) / s23[k] for k in s25}
worst = min(chg, key=chg.get)
nice = {re.sub(r'\s*\(number\)', '', norm(x)): re.sub(r'\s*\(Number\)', '', re.sub(r'\s+', ' ', x)).strip() for x in A['Table_18'][5] if x}
gold.append(dict(id='ED-05', answer=f"{nice[worst]}: {chg[worst]:.1f}% ({s23[worst]:.0f} -> {s25[worst]:.0f})",
    sources=[F23, F25], traps="Sub-region column headers differ between editions only in line breaks/spacing ('South West \\nDumfries &\\n Galloway \\n(Number)' vs 'South West Dumfries & Galloway (Number)'); row label 'Total sheep' vs 'Total Sheep'; the Scotland column ('Scotland\\n (Number)' vs 'Scotland total (Number)') must be excluded. 2023 sheet name is 'Table_17', 2025 is 'Table_18'. All changes: " + ', '.join(f"{k} {v:.1f}%" for k, v in sorted(chg.items(), key=lambda x: x[1]))))

# Q6 holdings of 200 ha and over (latest 2025 release) and share of all holdings
s = A['Table_23']; hi = next(i for i, r in enumerate(s) if r and r[0] == 'Main Farm Type'); hd = s[hi]
c200 = [i for i, x in enumerate(hd) if x and x.startswith('200 hectares')][0]; ctot = [i for i, x in enumerate(hd) if x and x.startswith('Total')][0]
body = [r for r in s[hi+1:] if r and r[0]]
allr = [r for r in body if r[0].strip() in ('All', 'Total')][0]
types = [r for r in body if r is not allr]
n200 = num(allr[c200]); ntot = num(allr[ctot])
sum_types = sum(num(r[c200]) or 0 for r in types)
so = O['Table_23']; allo = [r for r in so if r and r[0] and r[0].strip() == 'All'][0]
gold.append(dict(id='ED-06', answer=f"{n200:.0f} holdings; {100*n200/ntot:.1f}% of {ntot:.0f}",
    sources=[F25], traps=f"Summing the column over all rows includes the 'All' row and doubles it ({2*n200:.0f}). Summing the farm-type rows while skipping suppressed 'c' cells gives {sum_types:.0f} instead of {n200:.0f}. The 'Total' column is the row total. (Oct-2025 vintage gives the same 200+ count {num(allo[c200]):.0f} but smaller bands differ.)"))

# Q7 council area: highest sole-right agricultural area per working occupier
wf = U['unitary_workforce_numbers']; wh = [norm(x) for x in wf[0]]; wo = wh.index('total working occupiers (number)')
ca = uh.index('total sole right agricultural area (hectares)')
area = {r[0].strip(): num(r[ca]) for r in councils}
occ = {r[0].strip(): num(r[wo]) for r in wf[1:] if r and r[0]}
ratio = {k: area[k] / occ[k] for k in area if area.get(k) and occ.get(k)}
bestr = max(ratio, key=ratio.get)
gold.append(dict(id='ED-07', answer=f"{bestr}: {ratio[bestr]:.1f} ha per working occupier",
    sources=[FUA], traps="Join of two sheets on council name; crops sheet has an extra 'All' row (text numbers with commas) absent from the workforce sheet; Dundee City / Glasgow City have 'c' (suppressed) values that must be excluded, not treated as 0 (division by zero / inf). Top 3: " + ', '.join(f"{k} {v:.1f}" for k, v in sorted(ratio.items(), key=lambda x: -x[1])[:3])))

# Q8 revision of 2023 Total crops and grass between editions
v23a = num([r for r in B['Table_1'] if r and r[0] and norm(r[0]) == 'total crops and grass'][0][hb.index('2023 area (hectares)')])
v23b = num(t['total crops and grass'][h.index('2023 area (hectares)')])
gold.append(dict(id='ED-08', answer=f"{v23a-v23b:.0f} ha (2023 edition {v23a:.0f} ha vs 2025 edition {v23b:.0f} ha)",
    sources=[F23, F25], traps="Same statistic (2023 value) published in two editions that differ; also the 2023 edition's column header is '2023\\nArea\\n(Hectares)' on row 1 while 2025 edition's is '2023 Area (Hectares)' on row 6."))

# Q9 sub-region with largest spring barley area (latest 2025 release)
s = A['Table_16']; hi = next(i for i, r in enumerate(s) if r and r[0] == 'Land use by category'); hd = s[hi]
sb = [r for r in s if r and r[0] == 'Spring Barley'][0]
cand = {hd[i]: num(sb[i]) for i in range(1, len(hd)) if hd[i] and 'scotland' not in hd[i].lower() and hd[i].strip().lower() != 'notes'}
top = max(cand, key=lambda k: cand[k] or -1)
scol = [i for i, x in enumerate(hd) if x and 'scotland' in x.lower()][0]
gold.append(dict(id='ED-09', answer=f"{top.replace(' (Hectares)', '')}: {cand[top]:.0f} ha ({100*cand[top]/num(sb[scol]):.1f}% of Scotland)",
    sources=[F25], traps=f"Wide table: the last data column is the Scotland total ({num(sb[scol]):.0f}), which would be the 'largest' if not excluded; several sub-regions are 'c' (suppressed). Region and sub-region are fused in the header ('North East Grampian')."))

# Q10 barley share of total cereal area 2025
barley = num(t['barley total'][c25]); cereals = num(t['total cereals'][c25])
cereal_rows = ['wheat', 'triticale', 'winter barley', 'spring barley', 'barley total', 'winter oats', 'spring oats', 'oats total', 'rye', 'mixed grain']
naive = sum(num(t[k][c25]) for k in cereal_rows)
gold.append(dict(id='ED-10', answer=f"{100*barley/cereals:.1f}% ({barley:.0f} of {cereals:.0f} ha)",
    sources=[F25], traps=f"Subtotal rows 'Barley Total' and 'Oats Total' sit among the crop rows; summing every cereal row gives {naive:.0f} ha instead of {cereals:.0f} (share {100*barley/naive:.1f}%); summing winter+spring barley plus 'Barley Total' doubles barley."))

json.dump(gold, open(os.path.join(HERE, 'gold.json'), 'w'), indent=1)
for g in gold: print(g['id'], '|', g['answer'], '|', g['traps'][:300])
