// Small generated lakes for `npm run eval:discover` (see evalDiscover.ts), written with the layouts
// that Discover met on real lakes: a family of yearly files at the lake root next to unrelated
// files, families inside mixed folders (by year, by month, by quarter, by state code, by a year
// folder), range and list questions over them, a byte-identical download copy and a truncated copy
// next to the complete file. Each lake is written as `<dir>/<name>/lake/` with `<dir>/<name>/tasks.json`
// (`id`, `query`, `data_sources`: the gold files, paths relative to the lake), the same shape as the
// KramaBench folders, so the eval reads both alike. Deterministic: the same files on every run.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { datedLake } from "./datedLake.ts";

export interface LakeTask {
  id: string;
  query: string;
  data_sources: string[];
}

interface LakeSpec {
  name: string;
  files: Map<string, string>;
  tasks: LakeTask[];
}

/** A small deterministic generator (mulberry32), so that every run writes the same bytes. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(header: string[], rows: (string | number)[][], crlf = false): string {
  const end = crlf ? "\r\n" : "\n";
  return [header, ...rows].map((r) => r.map(csvCell).join(",")).join(end) + end;
}

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)] as T;
}

function day(year: number, dayOfYear: number): string {
  const d = new Date(Date.UTC(year, 0, 1 + dayOfYear));
  return d.toISOString().slice(0, 10);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

// --- the "water" lake: beach water quality, as in the lake of issue 12 -------------------------

const BEACHES: readonly [string, string, string][] = [
  ["Constitution Beach", "Boston", "Suffolk"],
  ["Kings Beach", "Lynn", "Essex"],
  ["Pleasure Bay", "Boston", "Suffolk"],
  ["Carson Beach", "Boston", "Suffolk"],
  ["Wollaston Beach", "Quincy", "Norfolk"],
  ["Nantasket Beach", "Hull", "Plymouth"],
  ["Revere Beach", "Revere", "Suffolk"],
  ["Joseph Sylvia State Beach", "Oak Bluffs", "Dukes"],
  ["Singing Beach", "Manchester", "Essex"],
  ["Crane Beach", "Ipswich", "Essex"],
];

function waterLake(): LakeSpec {
  const rnd = random(12);
  const files = new Map<string, string>();
  const years = range(2002, 2023);
  for (const year of years) {
    const yes = year < 2010 ? "yes" : year < 2017 ? "Yes" : "YES";
    const header = [
      "Community Code",
      "Community",
      "County",
      "Beach Name",
      "Beach Type",
      "Sample Date",
      "Enterococcus",
      "Violation",
      ...(year >= 2016 ? ["Indicator Level"] : []),
    ];
    const rows = range(1, 36).map((i) => {
      const [beach, town, county] = pick(rnd, BEACHES);
      const value = Math.round(rnd() * rnd() * 400);
      return [
        `${town.slice(0, 3).toUpperCase()}${i % 3}`,
        town,
        county,
        beach,
        rnd() < 0.8 ? "Marine" : "Fresh",
        day(year, 150 + Math.floor(rnd() * 90)),
        value,
        value > 104 ? yes : "no",
        ...(year >= 2016 ? [value > 104 ? 2 : 1] : []),
      ];
    });
    files.set(`water-body-testing-${year}.csv`, csv(header, rows));
  }
  // A browser download of the 2019 file, byte for byte the same.
  files.set("water-body-testing-2019 (1).csv", files.get("water-body-testing-2019.csv") ?? "");

  // Beach datasheets: a title row, then the header.
  const sheets = ["constitution", "kings", "pleasure-bay", "carson", "wollaston", "revere"];
  for (const sheet of sheets) {
    const name = sheet
      .split("-")
      .map((w) => w[0]?.toUpperCase() + w.slice(1))
      .join(" ");
    const rows = range(1, 25).map((i) => [
      day(2024, 150 + i * 3),
      (rnd() * 1.5).toFixed(2),
      (rnd() * 2.5).toFixed(2),
      rnd() < 0.2 ? ">" : "",
      Math.round(rnd() * 300),
    ]);
    const body = csv(["Date", "1-Day Rain", "3-Day Rain", "Tag", "Enterococcus"], rows);
    files.set(`beach-datasheet-${sheet}.csv`, `${name} Beach sampling datasheet 2024,,,,\n${body}`);
  }

  // Monthly precipitation per station, ending in Mean / Max / Min rows.
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  for (const station of ["boston-logan", "worcester", "nantucket"]) {
    const rows: (string | number)[][] = range(1995, 2024).map((y) => [
      y,
      ...months.map(() => (rnd() * 6).toFixed(2)),
    ]);
    for (const label of ["Mean", "Max", "Min"])
      rows.push([label, ...months.map(() => (rnd() * 6).toFixed(2))]);
    files.set(`precipitation/${station}-monthly-precipitation.csv`, csv(["Year", ...months], rows));
  }
  files.set(
    "precipitation/README.txt",
    "Monthly precipitation totals in inches from NOAA stations. Last three rows are summary statistics.\n",
  );

  // Overlapping exports of beach closures, named by their date windows.
  const windows: [string, string][] = [
    ["2024-01-01", "2024-06-30"],
    ["2024-04-01", "2024-09-30"],
    ["2024-07-01", "2024-12-31"],
  ];
  for (const [from, to] of windows) {
    const start = Number(from.slice(5, 7));
    const rows = range(1, 20).map((i) => {
      const [beach, town] = pick(rnd, BEACHES);
      const month = String(start + Math.floor((i - 1) / 4)).padStart(2, "0");
      return [
        `2024-${month}-${String(1 + ((i * 7) % 27)).padStart(2, "0")}`,
        beach,
        town,
        "Bacteria exceedance",
      ];
    });
    files.set(
      `exports/beach-closures_${from}_${to}.csv`,
      csv(["Closure Date", "Beach Name", "Community", "Reason"], rows),
    );
  }

  // The complete monitoring summary, and a truncated copy of it (the first 37 of its 50 rows).
  const summaryRows = range(1, 50).map((i) => {
    const [beach, town, county] = BEACHES[i % BEACHES.length] ?? BEACHES[0]!;
    return [`S-${1000 + i}`, beach, town, county, day(2024, 140 + i), Math.round(rnd() * 500)];
  });
  const summaryHeader = ["Sample ID", "Beach Name", "Community", "County", "Sample Date", "Enterococcus"];
  files.set("reports/beach-monitoring-summary-2024.csv", csv(summaryHeader, summaryRows));
  files.set("downloads/beach-monitoring-summary-2024.csv", csv(summaryHeader, summaryRows.slice(0, 37)));

  files.set(
    "lookup/community-codes.csv",
    csv(
      ["Community Code", "Community", "County", "Coastal"],
      BEACHES.map(([, town, county], i) => [
        `${town.slice(0, 3).toUpperCase()}${i % 3}`,
        town,
        county,
        "yes",
      ]),
    ),
  );

  const yearFiles = (from: number, to: number): string[] =>
    range(from, to).map((y) => `water-body-testing-${y}.csv`);
  const tasks: LakeTask[] = [
    {
      id: "water-1",
      query: "Between 2002 and 2023, which years had the most beach water quality violations?",
      data_sources: yearFiles(2002, 2023),
    },
    {
      id: "water-2",
      query: "For 2019–2023, what share of water body samples exceeded the Enterococcus limit?",
      data_sources: yearFiles(2019, 2023),
    },
    {
      id: "water-3",
      query: "From 2010 to 2014 inclusive, how many distinct marine beaches were tested each year?",
      data_sources: yearFiles(2010, 2014),
    },
    {
      id: "water-4",
      query: "Since 2018, which county had the most beach violations?",
      data_sources: yearFiles(2018, 2023),
    },
    {
      id: "water-5",
      query: "Compare the number of violations at Revere Beach in 2019, 2021 and 2023.",
      data_sources: yearFiles(2019, 2019).concat(yearFiles(2021, 2021), yearFiles(2023, 2023)),
    },
    {
      id: "water-6",
      query: "In 2015, which beach had the highest Enterococcus reading?",
      data_sources: yearFiles(2015, 2015),
    },
    {
      id: "water-7",
      query: "What was the total July precipitation at Boston Logan over all years?",
      data_sources: ["precipitation/boston-logan-monthly-precipitation.csv"],
    },
    {
      id: "water-8",
      query: "On which dates did the Kings Beach datasheet record Enterococcus above 104 after rain?",
      data_sources: ["beach-datasheet-kings.csv"],
    },
    {
      id: "water-9",
      query: "How many beach closures were reported in 2024, counting each closure once?",
      data_sources: windows.map(([from, to]) => `exports/beach-closures_${from}_${to}.csv`),
    },
    {
      id: "water-10",
      query: "What is the average Enterococcus value in the 2024 beach monitoring summary?",
      data_sources: ["reports/beach-monitoring-summary-2024.csv"],
    },
    {
      id: "water-11",
      query: "Which community codes belong to Essex county?",
      data_sources: ["lookup/community-codes.csv"],
    },
    {
      id: "water-12",
      query: "How did the yearly count of beach violations change from 2005 through 2012?",
      data_sources: yearFiles(2005, 2012),
    },
  ];
  return { name: "discover-beaches", files, tasks };
}

// --- the "mixed" lake: families inside folders that hold other files too ------------------------

const REGIONS = ["North", "South", "East", "West", "Central"];
const PRODUCTS = ["Widget", "Gadget", "Sprocket", "Gizmo", "Doohickey"];
const STATE_CODES: [string, string][] = [
  ["CA", "California"],
  ["NY", "New York"],
  ["TX", "Texas"],
  ["FL", "Florida"],
  ["WA", "Washington"],
  ["OR", "Oregon"],
  ["NV", "Nevada"],
  ["AZ", "Arizona"],
  ["CO", "Colorado"],
  ["GA", "Georgia"],
];

function mixedLake(): LakeSpec {
  const rnd = random(7);
  const files = new Map<string, string>();
  const salesYears = range(2010, 2023);
  for (const year of salesYears) {
    const header = ["Order ID", "Order Date", "Region", "Product", "Units", "Revenue"];
    // The exports before 2013 predate the Units column.
    const cols = year < 2013 ? header.filter((h) => h !== "Units") : header;
    const rows = range(1, 30).map((i) => {
      const units = 1 + Math.floor(rnd() * 20);
      const row: Record<string, string | number> = {
        "Order ID": `${year}-${String(i).padStart(4, "0")}`,
        "Order Date": day(year, Math.floor(rnd() * 360)),
        Region: pick(rnd, REGIONS),
        Product: pick(rnd, PRODUCTS),
        Units: units,
        Revenue: (units * (5 + rnd() * 20)).toFixed(2),
      };
      return cols.map((c) => row[c] ?? "");
    });
    files.set(`sales/sales_${year}.csv`, csv(cols, rows));
  }
  for (const year of range(2016, 2023)) {
    const rows = range(1, 12).map((i) => [
      `R${year}-${i}`,
      day(year, Math.floor(rnd() * 360)),
      pick(rnd, REGIONS),
      pick(rnd, PRODUCTS),
      1 + Math.floor(rnd() * 3),
      (rnd() * 60).toFixed(2),
    ]);
    files.set(
      `sales/returns_${year}.csv`,
      csv(["Return ID", "Return Date", "Region", "Product", "Units", "Refund"], rows),
    );
  }
  files.set(
    "sales/sales_forecast_2024.csv",
    csv(
      ["Region", "Product", "Forecast Revenue"],
      REGIONS.map((r) => [r, pick(rnd, PRODUCTS), Math.round(rnd() * 90000)]),
    ),
  );
  files.set(
    "sales/targets.csv",
    csv(
      ["Region", "Annual Target", "Manager"],
      REGIONS.map((r) => [r, 100000 + Math.round(rnd() * 50000), pick(rnd, ["Ana", "Raj", "Lee", "Kim"])]),
    ),
  );
  files.set(
    "sales/regions.csv",
    csv(
      ["Region", "States"],
      REGIONS.map((r, i) => [
        r,
        STATE_CODES.slice(0, 1 + (i % 3))
          .map(([c]) => c)
          .join(" "),
      ]),
    ),
  );

  // A family whose year is a folder: visits/2013/visits.csv … visits/2024/visits.csv, each folder
  // also holding the year's branch list.
  for (const year of range(2013, 2024)) {
    const rows = range(1, 12).map((m) => [
      `${year}-${String(m).padStart(2, "0")}`,
      pick(rnd, ["Main St", "Harbor", "Airport"]),
      Math.round(1000 + rnd() * 9000),
    ]);
    files.set(`visits/${year}/visits.csv`, csv(["Month", "Branch", "Visitors"], rows));
    files.set(
      `visits/${year}/branches.csv`,
      csv(
        ["Branch", "Opened", "Square Feet"],
        ["Main St", "Harbor", "Airport"].map((b) => [
          b,
          1990 + Math.floor(rnd() * 30),
          Math.round(rnd() * 9000),
        ]),
      ),
    );
  }
  files.set("visits/README.md", "# Visits\nMonthly store visitor counts per branch, one folder per year.\n");

  // Families by state code, side by side in one folder, next to a lookup of the states.
  for (const [code, state] of STATE_CODES) {
    const rows = range(1, 15).map((i) => [`${state} County ${i}`, state, Math.round(5000 + rnd() * 900000)]);
    files.set(`census/population_${code}.csv`, csv(["County", "State", "Population"], rows));
    const homes = range(1, 15).map((i) => [
      `${state} County ${i}`,
      Math.round(2000 + rnd() * 400000),
      (rnd() * 0.1).toFixed(3),
    ]);
    files.set(`census/housing_${code}.csv`, csv(["County", "Housing Units", "Vacancy Rate"], homes));
  }
  files.set(
    "census/states.csv",
    csv(
      ["Code", "State", "Capital"],
      STATE_CODES.map(([c, s]) => [c, s, pick(rnd, ["Albany", "Austin", "Sacramento"])]),
    ),
  );

  // Monthly families: logs/web-traffic-2023-01.csv … 2024-12, and the error logs of 2024.
  for (const year of [2023, 2024]) {
    for (const month of range(1, 12)) {
      const m = String(month).padStart(2, "0");
      const rows = range(1, 20).map((d) => [
        `${year}-${m}-${String(d).padStart(2, "0")}`,
        pick(rnd, ["/", "/shop", "/about", "/contact"]),
        Math.round(rnd() * 5000),
      ]);
      files.set(`logs/web-traffic-${year}-${m}.csv`, csv(["Date", "Page", "Page Views"], rows));
      if (year === 2024) {
        const errors = range(1, 6).map((d) => [
          `${year}-${m}-${String(d * 4).padStart(2, "0")}`,
          pick(rnd, ["/shop", "/cart"]),
          pick(rnd, ["timeout", "500", "404"]),
        ]);
        files.set(`logs/web-errors-${year}-${m}.csv`, csv(["Date", "Page", "Error"], errors));
      }
    }
  }

  // Quarterly inventory at the root (two varying parts: quarter and year), next to yearly budgets.
  for (const year of [2023, 2024]) {
    for (const q of range(1, 4)) {
      const rows = PRODUCTS.map((p) => [p, pick(rnd, ["Depot A", "Depot B"]), Math.round(rnd() * 800)]);
      files.set(`inventory_q${q}_${year}.csv`, csv(["Product", "Warehouse", "Stock On Hand"], rows));
    }
  }
  for (const year of [2021, 2022]) {
    files.set(
      `budget_${year}.csv`,
      csv(
        ["Department", "Budget", "Spent"],
        ["Marketing", "Engineering", "Support", "Operations"].map((d) => [
          d,
          Math.round(rnd() * 1e6),
          Math.round(rnd() * 1e6),
        ]),
      ),
    );
  }
  files.set("notes.txt", "Budget figures are in US dollars. Sales exports come from the order system.\n");

  const sales = (years: number[]): string[] => years.map((y) => `sales/sales_${y}.csv`);
  const traffic = (months: string[]): string[] => months.map((m) => `logs/web-traffic-${m}.csv`);
  const tasks: LakeTask[] = [
    {
      id: "mixed-1",
      query: "What was the total sales revenue per region between 2019 and 2023?",
      data_sources: sales(range(2019, 2023)),
    },
    {
      id: "mixed-2",
      query: "How did units sold per product change from 2014 to 2018 inclusive?",
      data_sources: sales(range(2014, 2018)),
    },
    {
      id: "mixed-3",
      query: "How many visitors did each branch have since 2020?",
      data_sources: range(2020, 2024).map((y) => `visits/${y}/visits.csv`),
    },
    {
      id: "mixed-4",
      query: "Which county in California has the largest population?",
      data_sources: ["census/population_CA.csv"],
    },
    {
      id: "mixed-5",
      query: "What is the total county population over all states in the census files?",
      data_sources: STATE_CODES.map(([c]) => `census/population_${c}.csv`),
    },
    {
      id: "mixed-6",
      query: "Which page had the most page views in web traffic between March 2024 and June 2024?",
      data_sources: traffic(["2024-03", "2024-04", "2024-05", "2024-06"]),
    },
    {
      id: "mixed-7",
      query: "What was the stock on hand of each product in every quarter of 2024?",
      data_sources: range(1, 4).map((q) => `inventory_q${q}_2024.csv`),
    },
    {
      id: "mixed-8",
      query: "Which department spent the largest share of its budget in 2021?",
      data_sources: ["budget_2021.csv"],
    },
    {
      id: "mixed-9",
      query: "Which regional manager has the highest annual sales target?",
      data_sources: ["sales/targets.csv"],
    },
    {
      id: "mixed-10",
      query: "Which region had the highest sales revenue in 2012 and in 2023?",
      data_sources: sales([2012, 2023]),
    },
    {
      id: "mixed-11",
      query: "How many page views did the shop page get in 2023?",
      data_sources: traffic(range(1, 12).map((m) => `2023-${String(m).padStart(2, "0")}`)),
    },
    {
      id: "mixed-12",
      query: "What was the refund total of returns per region from 2018 to 2020?",
      data_sources: range(2018, 2020).map((y) => `sales/returns_${y}.csv`),
    },
  ];
  return { name: "discover-mixed", files, tasks };
}

/** Writes the lakes under `dir` and returns each lake's folder (holding `lake/` and `tasks.json`). */
export function writeDiscoverLakes(dir: string): { name: string; dir: string }[] {
  const out: { name: string; dir: string }[] = [];
  for (const spec of [waterLake(), mixedLake(), datedLake()]) {
    const root = join(dir, spec.name);
    for (const [path, content] of spec.files) {
      const abs = join(root, "lake", path);
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, content);
    }
    writeFileSync(join(root, "tasks.json"), JSON.stringify(spec.tasks, null, 2));
    out.push({ name: spec.name, dir: root });
  }
  return out;
}
