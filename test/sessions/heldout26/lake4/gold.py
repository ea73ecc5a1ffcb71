#!/usr/bin/env python3
"""Gold answers for the EN held-out lake (stdlib only). Run from anywhere."""
import csv, json, os, statistics as st
L = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lake')
def rd(p): return list(csv.DictReader(open(os.path.join(L, p), newline='', encoding='utf-8')))
NAT = 'co2-fossil-by-nation/data/fossil-fuel-co2-emissions-by-nation.csv'
GLO = 'co2-fossil-global/data/global.csv'
FB = 'co2-fossil-global/data/fuel-breakdown.csv'
BD, WD = 'oil-prices/data/brent-daily.csv', 'oil-prices/data/wti-daily.csv'
BY, WM = 'oil-prices/data/brent-year.csv', 'oil-prices/data/wti-monthly.csv'
GA, NGM = 'gold-prices/data/annual.csv', 'natural-gas/data/monthly.csv'
IA = 'vega-datasets/data/iowa-electricity.csv'
nat = rd(NAT)
def tot(year, country):
    v = [int(x['Total']) for x in nat if x['Year'] == str(year) and x['Country'] == country]
    assert len(v) == 1, (year, country, v); return v[0]
glo = {x['Year']: x for x in rd(GLO)}
out = []
def add(i, ans, src, traps): out.append({'id': f'EN-{i:02d}', 'answer': ans, 'sources': src, 'traps': traps})

# 1 Germany present-day borders 1990 -> 2020
g90 = tot(1990, 'FEDERAL REPUBLIC OF GERMANY') + tot(1990, 'FORMER GERMAN DEMOCRATIC REPUBLIC')
g20 = tot(2020, 'GERMANY')
add(1, round((g20 / g90 - 1) * 100, 1), [NAT],
    f"No 'GERMANY' row for 1946-1990: 1990 must be FRG+GDR ({g90} kt C). FRG alone gives {round((g20/tot(1990,'FEDERAL REPUBLIC OF GERMANY')-1)*100,1)}%; filtering Country='GERMANY' finds no 1990 row (empty/NaN). 1945-46 have GERMANY, FRG and GDR rows at once.")

# 2 US share of global 2020
us = tot(2020, 'UNITED STATES OF AMERICA')
share = us / 1000 / float(glo['2020']['Total']) * 100
add(2, round(share, 1), [NAT, GLO],
    f"Nation file is in thousand t C although its datapackage.json says 'million metric tons of C'; global.csv is MtC. Taking the codebook literally gives {round(us/float(glo['2020']['Total'])*100)}% (x1000). Using the sum of nations ({sum(int(x['Total']) for x in nat if x['Year']=='2020')} kt) as denominator gives {round(us/sum(int(x['Total']) for x in nat if x['Year']=='2020')*100,1)}%.")

# 3 global increase 2000->2024 in MtCO2 (fuel-breakdown is MtCO2, sum all categories incl. Other)
fb = rd(FB)
def fbs(y): return sum(float(x['emissions_mt']) for x in fb if x['year'] == str(y))
inc = fbs(2024) - fbs(2000)
alt = (float(glo['2024']['Total']) - float(glo['2000']['Total'])) * 44 / 12
add(3, int(round(inc, -1)), [FB],
    f"fuel-breakdown.csv is MtCO2 (long format, 6 categories incl. 'Other'); global.csv is MtC. Differencing global.csv Totals without x44/12 gives {round(float(glo['2024']['Total'])-float(glo['2000']['Total']))} (MtC); converted it gives {round(alt)} (rounding of the MtC file). Dropping 'Other' changes it; summing global.csv fuel columns omits Other.")

# 4 former Soviet Union territory 1990 -> 2020
S = ['ARMENIA','AZERBAIJAN','BELARUS','ESTONIA','GEORGIA','KAZAKHSTAN','KYRGYZSTAN','LATVIA','LITHUANIA',
     'REPUBLIC OF MOLDOVA','RUSSIAN FEDERATION','TAJIKISTAN','TURKMENISTAN','UKRAINE','UZBEKISTAN']
u90 = tot(1990, 'USSR'); s20 = sum(tot(2020, c) for c in S)
add(4, round((s20 / u90 - 1) * 100, 1), [NAT],
    f"USSR row ends 1991, successors start 1992, under names like 'REPUBLIC OF MOLDOVA', 'RUSSIAN FEDERATION'. Russia alone vs USSR gives {round((tot(2020,'RUSSIAN FEDERATION')/u90-1)*100,1)}%; missing Moldova (name mismatch) gives {round(((s20-tot(2020,'REPUBLIC OF MOLDOVA'))/u90-1)*100,1)}%.")

# 5 Brent - WTI spread 2023, days both quoted
b = {x['Date']: float(x['Price']) for x in rd(BD)}; w = {x['Date']: float(x['Price']) for x in rd(WD)}
both = sorted(d for d in b if d[:4] == '2023' and d in w)
sp = st.mean(b[d] - w[d] for d in both)
sep = st.mean(v for d, v in b.items() if d[:4] == '2023') - st.mean(v for d, v in w.items() if d[:4] == '2023')
add(5, round(sp, 2), [BD, WD],
    f"Brent has {sum(1 for d in b if d[:4]=='2023')} and WTI {sum(1 for d in w if d[:4]=='2023')} quoted days in 2023, {len(both)} in common (different holidays): inner join on Date drops rows. Difference of separate annual means gives {round(sep,2)}; an outer join with missing as 0 gives nonsense.")

# 6 WTI April 2020 mean including negative price
apr = [v for d, v in w.items() if d.startswith('2020-04')]
add(6, round(st.mean(apr), 2), [WD],
    f"2020-04-20 WTI settled at -36.98 (real, not a fill value). Dropping it as invalid gives {round(st.mean([v for v in apr if v>0]),2)}. ({len(apr)} trading days.) wti-monthly.csv agrees (16.55).")

# 7 gold / Brent barrels per ounce, 1988-2024, max year
ga = {x['Date']: float(x['Price']) for x in rd(GA)}
by = {x['Date'][:4]: float(x['Price']) for x in rd(BY)}
ratio = {y: ga[y] / by[y] for y in by if '1988' <= y <= '2024'}
ym = max(ratio, key=ratio.get)
add(7, {'year': int(ym), 'barrels_per_ounce': round(ratio[ym], 1)}, [GA, BY],
    f"gold annual.csv keys years as '2020' while brent-year.csv keys them as '2020-06-30' (annual average dated mid-year): a direct join on Date matches 0 rows. Next-highest: {sorted(ratio.items(), key=lambda kv:-kv[1])[1]}.")

# 8 months 2010-2024 with WTI/HenryHub ratio > 30
wm = {x['Date'][:7]: float(x['Price']) for x in rd(WM)}
ng = {x['Month']: float(x['Price']) for x in rd(NGM)}
months = [f'{y}-{m:02d}' for y in range(2010, 2025) for m in range(1, 13)]
assert all(mo in wm and mo in ng for mo in months)
cnt = sum(1 for mo in months if wm[mo] / ng[mo] > 30)
add(8, cnt, [WM, NGM],
    f"wti-monthly keys months as 'YYYY-MM-15', natural-gas monthly.csv as 'YYYY-MM' (column 'Month'): a naive join on the date text matches 0 rows -> answer 0. 180 months in range.")

# 9 Iowa: first year renewables share > 30%
ia = rd(IA); yrs = sorted({x['year'][:4] for x in ia})
def sh(y):
    t = sum(int(x['net_generation']) for x in ia if x['year'][:4] == y)
    return sum(int(x['net_generation']) for x in ia if x['year'][:4] == y and x['source'] == 'Renewables') / t
fy = next(y for y in yrs if sh(y) > 0.30)
add(9, int(fy), [IA],
    f"Long format, no total row: total = sum of Fossil Fuels, Nuclear Energy, Renewables per year; 'year' is a date string 'YYYY-01-01'. Renewables/Fossil ratio (not share) crosses 0.30 earlier ({next(y for y in yrs if sum(int(x['net_generation']) for x in ia if x['year'][:4]==y and x['source']=='Renewables')/sum(int(x['net_generation']) for x in ia if x['year'][:4]==y and x['source']=='Fossil Fuels')>0.30)}). Share in {fy}: {round(sh(fy)*100,1)}%.")

# 10 China incl. Hong Kong and Macau, 2020, MtC
C = ['CHINA (MAINLAND)', 'HONG KONG SPECIAL ADMINSTRATIVE REGION OF CHINA', 'MACAU SPECIAL ADMINSTRATIVE REGION OF CHINA']
cv = sum(tot(2020, c) for c in C)
add(10, round(cv / 1000, 1), [NAT],
    f"Names are 'CHINA (MAINLAND)' and misspelled 'HONG KONG SPECIAL ADMINSTRATIVE REGION OF CHINA' / 'MACAU ...': matching 'China' exactly finds nothing; mainland only gives {round(tot(2020,C[0])/1000,1)}; including TAIWAN adds {round(tot(2020,'TAIWAN')/1000,1)}. Values are thousand t C (codebook says million): not dividing gives {cv}.")

json.dump(out, open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'gold.json'), 'w'), indent=1)
for o in out: print(o['id'], o['answer'], '|', o['traps'])
