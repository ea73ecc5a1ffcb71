import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { splitRecords } from "../../src/core/sourceMap/readers/delimitedText.ts";
import {
  findOtherQuote,
  findStrayQuotes,
  repairLine,
  requoteText,
} from "../../src/core/sourceMap/readers/quoteRepair.ts";

/** An order export: a date, a count, a code, a price, quoted text with commas, a trailing empty field. */
const rows = Array.from(
  { length: 12 },
  (_, i) =>
    `${10 + i}/02/2018,${i % 4},AB-${1000 + i},$${(20 + i).toFixed(2)},"Boots, size ${i}","Warm, dry ${i}",`,
);
const file = (lines: string[]): string =>
  `DATE,Qty,PRODUCTID,Price,ProductType,Description,Comments\n${lines.join("\n")}\n`;
const find = (text: string) => findStrayQuotes(text, ",", () => splitRecords(text, ",").records);

describe("stray quotes read as characters of their values", () => {
  test("a quote typed before a value: the one reading with the file's width", () => {
    const line = '13/02/2018,3,"AB-1003,$23.00,"Boots, size 3","Warm, dry 3",';
    assert.deepEqual(repairLine(line, ",", 7), [
      "13/02/2018",
      "3",
      '"AB-1003',
      "$23.00",
      "Boots, size 3",
      "Warm, dry 3",
      "",
    ]);
    const text = file(rows.map((r, i) => (i === 3 ? line : r)));
    const found = find(text);
    assert.deepEqual(found, { lines: [5], width: 7 });
    const fields = splitRecords(requoteText(text, ",", found!), ",").records.map((r) => r.fields);
    assert.ok(fields.every((f) => f.length === 7));
    assert.equal(fields[4]![2], '"AB-1003');
  });

  test("a doubled quote opening a quoted value keeps one quote in the value", () => {
    const line = '13/02/2018,3,AB-1003,$23.00,""Boots, size 3","Warm, dry 3",';
    assert.equal(repairLine(line, ",", 7)?.[4], '"Boots, size 3');
  });

  test("an unescaped quote before a value's closing quote is a quote of the value", () => {
    const line = '13/02/2018,3,AB-1003,$23.00,"Boots, size 48"","Warm, dry 3",';
    assert.equal(repairLine(line, ",", 7)?.[4], 'Boots, size 48"');
  });

  test("a lone quote at the end of a line is the last value", () => {
    const line = '13/02/2018,3,AB-1003,$23.00,"Boots, size 3","Warm, dry 3","';
    assert.equal(repairLine(line, ",", 7)?.[6], '"');
    // Read as RFC 4180 text, that quote swallows the next line; line by line it does not.
    const text = file(rows.map((r, i) => (i === 3 ? line : r)));
    assert.deepEqual(find(text)?.lines, [5]);
  });

  test("a quote before a header name: the header keeps its width", () => {
    const text = `"DATE,Qty,PRODUCTID,Price,"ProductType","Description",Comments\n${rows.join("\n")}\n`;
    const found = find(text);
    assert.deepEqual(found?.lines, [1]);
    assert.equal(splitRecords(requoteText(text, ",", found!), ",").records[0]!.fields[0], '"DATE');
  });

  test("a quoted field that spans lines is sound quoting: nothing is repaired", () => {
    const text = file(rows.map((r, i) => (i === 3 ? r.replace('"Warm, dry 3"', '"Warm,\ndry 3"') : r)));
    assert.equal(find(text), undefined);
  });

  test("a line no reading gives the file's width to is left alone, and so is the file", () => {
    const line = '13/02/2018,3,"AB-1003,$23.00,"Boots, size 3,"Warm, dry 3,';
    assert.equal(repairLine(line, ",", 7), undefined);
    assert.equal(find(file(rows.map((r, i) => (i === 3 ? line : r)))), undefined);
  });

  test("a file whose lines parse is left alone; so is one where many lines need a repair", () => {
    assert.equal(find(file(rows)), undefined);
    const single = rows.map((r) => r.replaceAll('"', "'").replace("'Boots", "\"'Boots"));
    assert.equal(find(file(single)), undefined);
  });

  test("a quoted value holding quotes of its own before a delimiter closes where the line keeps its width", () => {
    // Held-out IT-04 (a Kickstarter export): `""Cathy's second chance", a book worth reading"`.
    const line = '1015111904,""Cathy\'s second chance", a book worth reading",Publishing,failed,2,US,40,1500';
    assert.deepEqual(repairLine(line, ",", 8), [
      "1015111904",
      '"Cathy\'s second chance", a book worth reading',
      "Publishing",
      "failed",
      "2",
      "US",
      "40",
      "1500",
    ]);
  });

  test("stray quotes on more than 50 lines of a long file, a small share of it, are repaired", () => {
    const many = Array.from({ length: 600 }, (_, i) =>
      i % 10 === 3
        ? `${10 + (i % 18)}/02/2018,${i % 4},AB-${1000 + i},$20.00,""Boots" for ${i}","Warm, dry",`
        : `${10 + (i % 18)}/02/2018,${i % 4},AB-${1000 + i},$20.00,"Boots, size ${i}","Warm, dry ${i}",`,
    );
    const found = find(file(many));
    assert.equal(found?.lines.length, 60);
    assert.equal(found?.width, 7);
  });

  test("a file quoting its values with ': read with it, apostrophes inside values kept", () => {
    const text = file(rows).replaceAll('"', "'").replace("Warm, dry 3", "Won't fit, dry 3");
    const found = findOtherQuote(text, ",");
    assert.deepEqual(found, { lines: [], width: 7, quote: "'" });
    const fields = splitRecords(requoteText(text, ",", found!), ",").records.map((r) => r.fields);
    assert.ok(fields.every((f) => f.length === 7));
    assert.equal(fields[4]![5], "Won't fit, dry 3");
    // Apostrophes in a file quoted with ": no other quote.
    assert.equal(findOtherQuote(file(rows).replace("Boots, size 3", "Men's boots, size 3"), ","), undefined);
    assert.equal(findOtherQuote("name,note\n'Tis,ok\nO'Brien,'fine, thanks'\n", ","), undefined);
  });
});
