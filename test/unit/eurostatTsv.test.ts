import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { detectEurostatTsv, flagMeaning } from "../../src/core/sourceMap/layout/eurostatTsv.ts";

// The shape of Eurostat's bulk-download TSV, and look-alikes that are plain delimited text.

const lines = (...rows: string[]): string => rows.join("\n") + "\n";

describe("Eurostat bulk-download TSV: detection by shape", () => {
  test("dimensions, the time dimension, trimmed periods and the split sample", () => {
    const layout = detectEurostatTsv(
      lines(
        "freq,unit,geo\\TIME_PERIOD\t2019 \t2020 \t2021 ",
        "A,EUR_HAB,AT11\t27400 \t: \t28100 p",
        "A,EUR_HAB,AT12\t: c\t3.5 bep\t-0.25 ",
      ),
      true,
    );
    assert.deepEqual(layout, {
      dimensions: ["freq", "unit", "geo"],
      timeDimension: "TIME_PERIOD",
      periods: ["2019", "2020", "2021"],
      periodCells: ["2019 ", "2020 ", "2021 "],
      sample: [
        ["A", "EUR_HAB", "AT11", "27400", "", "28100"],
        ["A", "EUR_HAB", "AT12", "", "3.5", "-0.25"],
      ],
    });
  });

  test("quarters, months, weeks, days and the older writings are periods; CRLF line ends", () => {
    for (const periods of [
      ["2020-Q1", "2020-Q2"],
      ["2020-01", "2020-12"],
      ["2020-W01", "2020-W53"],
      ["2020-01-15", "2020-02-29"],
      ["2020-S1", "2020-S2"],
      ["2020Q1", "2020M01"],
    ]) {
      const text = `unit,geo\\time\t${periods.join("\t")}\r\nNR,BE\t1 \t2 e\r\n`;
      assert.deepEqual(detectEurostatTsv(text, true)?.periods, periods, periods.join());
    }
  });

  test("a cut sample leaves its last line out", () => {
    const text = "freq,geo\\TIME_PERIOD\t2020\nA,AT\t1\nA,BE\t2\nA,D";
    assert.equal(detectEurostatTsv(text, false)?.sample.length, 2);
    assert.equal(detectEurostatTsv(text, true), undefined);
  });

  test("look-alikes are not this layout", () => {
    const cases = {
      "a quoted name with a comma": `"region, name"\t2020\t2021\n"Vienna, AT"\t12\t14\n`,
      "a backslash over columns that are no periods": `site,depth\\unit\tvalue\tnote\nA,1\t12\tok\n`,
      "no backslash": `freq,geo\t2020\t2021\nA,AT\t1\t2\n`,
      "a series with another number of codes": `freq,unit,geo\\TIME_PERIOD\t2020\nA,EUR,AT\t1\nA,AT\t2\n`,
      "a value with text after it that is no flag": `freq,geo\\TIME_PERIOD\t2020\nA,AT\t12 Mio\n`,
      "a line with another number of fields": `freq,geo\\TIME_PERIOD\t2020\t2021\nA,AT\t1\t2\nA,BE\t1\n`,
      "comma-separated fields": `freq,geo\\TIME_PERIOD,2020,2021\nA,AT,1,2\n`,
      "a blank line among the series": `freq,geo\\TIME_PERIOD\t2020\nA,AT\t1\n\nA,BE\t2\n`,
      "a header only": `freq,geo\\TIME_PERIOD\t2020\n`,
      "repeated periods": `freq,geo\\TIME_PERIOD\t2020\t2020\nA,AT\t1\t2\n`,
    };
    for (const [name, text] of Object.entries(cases))
      assert.equal(detectEurostatTsv(text, true), undefined, name);
  });

  test("flag letters read by Eurostat's code list; unknown letters have no meaning", () => {
    assert.equal(flagMeaning("p"), "provisional");
    assert.equal(flagMeaning("bep"), "break in time series, estimated, provisional");
    assert.equal(flagMeaning("q"), undefined);
  });
});
