import type { ChatRequestBody, ScriptStep, ScriptedCall } from "../helpers/scriptedOpenAiServer.ts";

/**
 * The conversation a scripted model plays over the water workspace (waterWorkspace.ts): an analyst's
 * session of 40 operator calls over 13 turns for one question, with the detours a real session
 * takes — a look around, per-year scans, a filter that matches nothing because the spelling of
 * the flag changes by year, a merge without a key, a misspelt column, an undeclared input, a union
 * over the family with a duplicate copy in it, datasheets with rows above the header, a
 * precipitation table with summary rows — each caught by RADAR, and the answer computed on the
 * revised union. The answer turn reads the count off the last Query's result, as a model would.
 */
export const WATER_QUESTION =
  "How many samples from marine beaches exceeded the bacterial standard in 2019–2023?";

const YEARS = [2019, 2020, 2021, 2022, 2023];
const yearly = (y: number): string => `water-body-testing-${y}.csv`;

const turn = (content: string, calls: [string, Record<string, unknown>][]): ScriptStep => ({
  content,
  toolCalls: calls.map(([name, args]): ScriptedCall => ({ name, arguments: args })),
});

export function waterScript(): ScriptStep[] {
  return [
    turn("Looking for the yearly testing files and anything about marine exceedances.", [
      ["Discover", { query: "marine beach samples exceeded bacterial standard 2019 2023" }],
      ["Discover", { query: "water-body-testing-*.csv" }],
      ["Bash", { command: "ls" }],
    ]),
    turn("A glance at the raw files before reading them.", [
      ["Bash", { command: "head -n 3 water-body-testing-2019.csv" }],
      ["Bash", { command: "head -n 3 water-body-testing-2023.csv" }],
      ["Bash", { command: "grep -c Marine water-body-testing-2021.csv" }],
      ["Bash", { command: "wc -l archive/water-body-testing-2016.csv" }],
    ]),
    turn(
      "Reading each year of the range.",
      YEARS.map((y) => ["Scan", { file: yearly(y), output: `y${y}` }] as [string, Record<string, unknown>]),
    ),
    turn("Profiling the flag and the beach type.", [
      ["Probe", { table: "y2019", columns: ["Violation", "Beach Type"] }],
      ["Probe", { table: "y2023", columns: ["Violation"] }],
      ["Probe", { table: "y2021", columns: ["Indicator Level"] }],
    ]),
    turn("Counting per year, and putting two years side by side.", [
      [
        "Query",
        {
          sql: `SELECT count(*) AS exceedances FROM y2019 WHERE "Beach Type" = 'Marine' AND Violation = 'Yes'`,
          inputs: ["y2019"],
          output: "marine_2019",
        },
      ],
      [
        "Query",
        {
          sql: `SELECT count(*) AS exceedances FROM y2023 WHERE "Beach Type" = 'Marine' AND Violation = 'Yes'`,
          inputs: ["y2023"],
          output: "marine_2023",
        },
      ],
      [
        "Query",
        {
          sql: `SELECT a."Beach Name", a.Violation AS v2019, b.Violation AS v2023 FROM y2019 a, y2023 b`,
          inputs: ["y2019", "y2023"],
          output: "side_by_side",
        },
      ],
    ]),
    turn("Reading the whole range as one table instead, and the family with its archive copy.", [
      ["UnionScan", { files: YEARS.map(yearly), source_column: "source_file", output: "range_2019_2023" }],
      [
        "UnionScan",
        { files: ["water-body-testing-*.csv"], source_column: "source_file", output: "all_years" },
      ],
      [
        "UnionScan",
        {
          files: ["water-body-testing-2016.csv", "archive/water-body-testing-2016.csv"],
          source_column: "source_file",
          output: "y2016_both",
        },
      ],
    ]),
    turn("Checking the spellings over the range.", [
      ["Probe", { table: "range_2019_2023", columns: ["Violation", "Beach Type"] }],
      [
        "Query",
        {
          sql: `SELECT source_file, Violation, count(*) AS n FROM range_2019_2023 GROUP BY ALL ORDER BY ALL`,
          inputs: ["range_2019_2023"],
          output: "flag_spellings",
        },
      ],
      [
        "Query",
        {
          sql: `SELECT count(*) AS n FROM range_2019_2023 WHERE Violations = 'YES'`,
          inputs: ["range_2019_2023"],
          output: "typo",
        },
      ],
    ]),
    turn("Counting with the flag's case folded; one try forgot to declare its input.", [
      [
        "Query",
        {
          sql: `SELECT source_file, count(*) AS exceedances FROM range_2019_2023 WHERE "Beach Type" = 'Marine' AND lower(Violation) = 'yes' GROUP BY source_file ORDER BY source_file`,
          inputs: ["range_2019_2023"],
          output: "marine_by_year",
        },
      ],
      [
        "Query",
        {
          sql: `SELECT sum(exceedances) AS total FROM marine_by_year`,
          inputs: [],
          output: "total_undeclared",
        },
      ],
    ]),
    turn("Looking at the 2024 datasheets and the rain, to put the count in context.", [
      ["Scan", { file: "beach-datasheets/craigville-beach-2024.csv", output: "craigville" }],
      ["Scan", { file: "beach-datasheets/wollaston-beach-2024.csv", output: "wollaston" }],
      ["Probe", { table: "craigville", columns: [] }],
      ["Scan", { file: "precipitation/hyannis.csv", output: "hyannis" }],
      [
        "Query",
        {
          sql: `SELECT avg(Jul) AS mean_july FROM hyannis`,
          inputs: ["hyannis"],
          output: "hyannis_july",
        },
      ],
    ]),
    turn("The program's workbook, the closures and the town codes.", [
      ["Scan", { file: "reports/beach-program-summary-2002-2023.xlsx", output: "summary" }],
      ["Scan", { file: "closures/beach_closures_2023.csv", output: "closures" }],
      ["Scan", { file: "lookups/town_codes.json", output: "towns" }],
      ["Probe", { table: "closures", columns: ["Reason"] }],
    ]),
    turn("Cross-checking the closures against the 2023 samples.", [
      [
        "Query",
        {
          sql: `SELECT c."Beach Name", c."Days Closed", count(s."Sample Date") AS samples FROM closures c JOIN y2023 s ON c."Beach Name" = s."Beach Name" AND c.Community = s.Community GROUP BY ALL`,
          inputs: ["closures", "y2023"],
          output: "closures_vs_samples",
        },
      ],
      [
        "Query",
        {
          sql: `SELECT "Beach Type", count(*) AS samples FROM range_2019_2023 GROUP BY ALL`,
          inputs: ["range_2019_2023"],
          output: "samples_by_type",
        },
      ],
      [
        "Query",
        {
          sql: `SELECT source_file, avg("Indicator Level") AS mean_level FROM range_2019_2023 GROUP BY ALL ORDER BY ALL`,
          inputs: ["range_2019_2023"],
          output: "mean_level_by_year",
        },
      ],
    ]),
    turn("The answer's table, and its breakdown by year.", [
      [
        "Query",
        {
          sql: `SELECT sum(exceedances) AS marine_exceedances FROM marine_by_year`,
          inputs: ["marine_by_year"],
          output: "answer_table",
        },
      ],
      ["Probe", { table: "answer_table", columns: [] }],
    ]),
    (request: ChatRequestBody) => ({
      content: "Answering from the revised count.",
      toolCalls: [
        {
          name: "Answer",
          arguments: {
            answer: answerFrom(request) ?? "unknown",
            evidence: ["answer_table", "marine_by_year"],
            explanation:
              "Samples at Marine beaches flagged as violations, 2019–2023, with the flag's spelling (Yes/YES) folded.",
          },
        },
      ],
    }),
  ];
}

/** The total from the tool result of the `answer_table` Query, as the model reads it. */
export function answerFrom(request: ChatRequestBody): number | undefined {
  for (const message of [...request.messages].reverse()) {
    if (message.role !== "tool" || typeof message.content !== "string") continue;
    try {
      const result = JSON.parse(message.content) as {
        observation?: { table?: string; records?: { rows?: unknown[][] } };
      };
      if (result.observation?.table !== "answer_table") continue;
      const value = result.observation.records?.rows?.[0]?.[0];
      if (value !== undefined && value !== null) return Number(value);
    } catch {
      // Not a JSON tool result.
    }
  }
  return undefined;
}

/** Operator calls in the script (the Answer is not one). */
export const WATER_SCRIPT_CALLS = 40;
