import { legal, silentCasesOf } from "../../cases/caseBuilder.ts";
import { unionScan, query } from "../../cases/caseCalls.ts";
import { csv } from "../../cases/csvText.ts";
import { MSA_IDT, MSA_FRAUD, NEW_ENGLAND_MSA_FILES } from "../../cases/legalLake.ts";

/** Georgia's MSA reports: the original and its downloaded copy hold the same text. */
const GEORGIA_REPORTS = csv("Metropolitan Area,# of Reports", '"Atlanta, GA",42616', '"Savannah, GA",1801');

/** The silent-error suite's cases of `union-duplicate-rows` (run by test/integration/silentErrors.test.ts and npm run eval:silent). */
export const unionDuplicateRowsSilentCases = silentCasesOf("union-duplicate-rows", ({ flagged, clean }) => [
  flagged("every per-state identity-theft file: multi-state MSAs (Columbus, GA-AL) appear twice", legal, [
    unionScan([`${MSA_IDT}/*.csv`], "msa_idt", "state_file"),
    query('SELECT sum("# of Reports") AS msa_reports FROM msa_idt', ["msa_idt"]),
  ]),
  flagged("every per-state fraud file, then a national sum", legal, [
    unionScan([`${MSA_FRAUD}/*.csv`], "msa_fraud", "state_file"),
    query('SELECT sum("# of Reports") AS msa_reports FROM msa_fraud', ["msa_fraud"]),
  ]),
  flagged(
    "monthly exports whose date windows overlap",
    {
      "exports/2024-01.csv": csv(
        "complaint_id,received,category,amount_lost",
        "C-88120,2024-01-29,Imposter Scams,1200",
        "C-88121,2024-01-30,Online Shopping,85",
        "C-88133,2024-01-31,Imposter Scams,400",
      ),
      "exports/2024-02.csv": csv(
        "complaint_id,received,category,amount_lost",
        "C-88133,2024-01-31,Imposter Scams,400",
        "C-88140,2024-02-01,Prizes and Lotteries,0",
        "C-88152,2024-02-02,Online Shopping,60",
      ),
    },
    [
      unionScan(["exports/*.csv"], "complaints", "export_file"),
      query("SELECT category, sum(amount_lost) AS lost FROM complaints GROUP BY category", ["complaints"]),
    ],
  ),
  flagged(
    "a downloaded copy 'report (1).csv' next to the original",
    {
      "reports/florida.csv": csv(
        "Metropolitan Area,# of Reports",
        '"Miami, FL",55457',
        '"Orlando, FL",15099',
      ),
      "reports/georgia.csv": GEORGIA_REPORTS,
      "reports/georgia (1).csv": GEORGIA_REPORTS,
    },
    [
      unionScan(["reports/*.csv"], "reports", "file"),
      query('SELECT sum("# of Reports") AS reports FROM reports', ["reports"]),
    ],
  ),
  flagged(
    "two downloads of one wide export table: the newer adds a year column and a country, renumbering Id",
    {
      "exports/download_2021/exports.csv": csv(
        "Id;Country;2019;2020;2021",
        "1;Angola;120;95;130",
        "2;Paraguay;8800;9100;9950",
        "3;Russia;21900;18400;23010",
      ).replace(/,/g, ";"),
      "exports/download_2022/exports.csv": csv(
        "Id;Country;2019;2020;2021;2022",
        "1;Angola;120;95;130;140",
        "2;China;0;0;310;520",
        "3;Paraguay;8800;9100;9950;10400",
        "4;Russia;21900;18400;23010;7800",
      ).replace(/,/g, ";"),
    },
    [
      unionScan(["exports/download_*/exports.csv"], "exports", "download"),
      query('SELECT sum("2020") AS litres_2020 FROM exports', ["exports"]),
    ],
  ),
  clean("two per-state files with no shared MSA", legal, [
    unionScan([`${MSA_IDT}/Hawaii.csv`, `${MSA_IDT}/Alaska.csv`], "msa", "state_file"),
    query('SELECT state_file, sum("# of Reports") AS reports FROM msa GROUP BY state_file', ["msa"]),
  ]),
  clean("every per-state identity-theft file, one sum per file, grouped by position (GROUP BY 1)", legal, [
    unionScan([`${MSA_IDT}/*.csv`], "msa_idt", "state_file"),
    query('SELECT state_file, sum("# of Reports") AS reports FROM msa_idt GROUP BY 1 ORDER BY 1', [
      "msa_idt",
    ]),
  ]),
  clean("KramaBench legal-hard-14: New England's files unioned, shared MSAs kept once with DISTINCT", legal, [
    unionScan(NEW_ENGLAND_MSA_FILES, "ne_msa", "state_file"),
    query(
      'SELECT DISTINCT "Metropolitan Area", "# of Reports" FROM ne_msa ORDER BY "# of Reports" DESC LIMIT 5',
      ["ne_msa"],
    ),
  ]),
  clean(
    "monthly complaint counts per category: equal counts in two months are not duplicates",
    {
      "counts/2024-01.csv": csv(
        "category,complaints",
        "Imposter Scams,412",
        "Online Shopping,187",
        "Prizes and Lotteries,23",
        "Debt Collection,64",
      ),
      "counts/2024-02.csv": csv(
        "category,complaints",
        "Imposter Scams,398",
        "Online Shopping,201",
        "Prizes and Lotteries,23",
        "Debt Collection,71",
      ),
    },
    [
      unionScan(["counts/*.csv"], "counts", "month"),
      query("SELECT category, sum(complaints) AS complaints FROM counts GROUP BY category", ["counts"]),
    ],
  ),
  clean(
    "two years' files of one layout, each numbering its rows: the same countries with other figures",
    {
      "yearly/exports_2021.csv": csv(
        "Id,Country,litres,dollars",
        "1,Angola,130,410",
        "2,Paraguay,9950,20100",
        "3,Russia,23010,51000",
      ),
      "yearly/exports_2022.csv": csv(
        "Id,Country,litres,dollars",
        "1,Angola,140,455",
        "2,Paraguay,10400,22300",
        "3,Russia,7800,17900",
      ),
    },
    [
      unionScan(["yearly/*.csv"], "exports", "file"),
      query("SELECT sum(litres) AS litres FROM exports", ["exports"]),
    ],
  ),
  clean(
    "yearly files with the year in a column",
    {
      "by_year/2023.csv": csv("year,State,Reports", "2023,Florida,458012", "2023,Georgia,219870"),
      "by_year/2024.csv": csv("year,State,Reports", "2024,Florida,474314", "2024,Georgia,228132"),
    },
    [unionScan(["by_year/*.csv"], "reports", "file")],
  ),
]);
