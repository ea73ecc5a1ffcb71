import type { Diagnostic } from "../../../diagnostic.ts";
import type { TableInfo } from "../../../state/sharedState.ts";
import { isNumericType } from "../../../engine/numericTypes.ts";
import { profileOfJoin } from "../../joinProfile.ts";
import { equiJoins, filterFor, usedOutsideJoin } from "../../sqlFacts.ts";
import type { KeyOf } from "../../sqlFacts.ts";
import { madeInner } from "./madeInner.ts";
import { asksForDifferingPairs, contrastsJoins } from "../../differingPairs.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { queryRule } from "../../validationRule.ts";
import { tableLabel } from "../../derivedTables.ts";
import { tableId } from "../../tableMemo.ts";
import { restrictionOf } from "../../joinRestriction.ts";
import { filteredLoss } from "../../joinFilteredLoss.ts";
import { keptJoin } from "../../effect/keptJoin.ts";
import { accountedEarlier, listedEarlier } from "./earlierQueries.ts";
import { onlyAtTheEnds, onlyTotals, spansOf, twoCalendars } from "./keySpans.ts";
import { describeLoss } from "./lossMessage.ts";
import type { Loss } from "./sideLoss.ts";
import { oneIdForm, twoLists } from "./twoLists.ts";
import { unreadTables } from "./unreadTables.ts";
import { branchCover } from "./unionBranches.ts";
import type { BranchCover } from "./unionBranches.ts";
import { onTimeAxis } from "./seriesKey.ts";
import type { ListSide, SpelledAlike } from "./twoLists.ts";
import { literal } from "../../evidence.ts";
import { joinRowLossDoc } from "./joinRowLossDoc.ts";
import { noteSaid, saidEarlier } from "../../saidInSession.ts";

/**
 * `join-row-loss` (warning): an inner join drops rows whose key has no partner on the
 * other side — the year one file lacks vanishes from the result. Keys may be columns or
 * expressions (`lower(a.name) = lower(b.name)`). Only rows the query's own WHERE keeps count; a
 * side used purely as a filter — and a semi join, a filter by construction — is intended filtering; and when one side matches
 * completely while most of the other is dropped, the other side is a lookup table and its unused
 * rows are reported as `info`. Two lists that overlap — both sides lose text keys, none spelled
 * like one the other side lost (see twoLists) — keep the keys both hold, and their losses are
 * `info` unless a side loses most of its rows. Large joins with many distinct keys are checked on
 * a hash sample of the keys (see joinProfile), and the finding says so.
 */
export const joinRowLossRule: ValidationRule = queryRule({
  doc: joinRowLossDoc,
  runOrder: 150,
  inputsOnly: true,
  async check({ ctx, sql, args }) {
    const out: Diagnostic[] = [];
    for (const join of await equiJoins(sql.statement, ctx.state, ctx.engine)) {
      // A semi join is a filter by construction (`a SEMI JOIN b` keeps the rows of a that b has;
      // none of b's columns reach the result): the rows it drops are the ones it is asked to drop.
      // An outer join whose WHERE drops the rows it added (a condition on the NULL-filled side
      // alone) is an inner join for the other side: its lost rows are reported as such.
      // A search for pairs that differ (`a.id <> b.id AND a.birthday = b.birthday`): the rows
      // without such a partner are what it rules out.
      if (asksForDifferingPairs(join.node)) continue;
      // Or sets this join against another join of the same tables in its WHERE: a contrast of two
      // ways to pair them, whose rows are the pairs one finds and the other does not.
      const joined = [...new Set(join.pairs.flatMap((p) => [p.left.table.name, p.right.table.name]))];
      if (contrastsJoins(join.select, joined)) continue;
      const inner = join.joinType === "INNER";
      const made = inner ? {} : await madeInner(ctx.engine, join, ctx.state);
      if (!inner && made.left === undefined && made.right === undefined) continue;
      const left = join.pairs.map((p) => p.left);
      const right = join.pairs.map((p) => p.right);
      // A side none of whose columns the query uses is a filter: its own lost rows don't matter,
      // and the rows it removes from the other side are removed on purpose.
      const used = (alias: string): boolean => usedOutsideJoin(join.select, join.node, alias, ctx.state);
      if (!used(left[0]!.alias) || !used(right[0]!.alias)) continue;
      // A side whose columns reach the result only through the WHERE, beside one whose columns
      // are the result, is a filter of that one: its unmatched rows would add nothing but NULLs
      // (held-out HF-04: the 22 section-A codes no employer lists, in a list of employers whose
      // codes are in section A).
      const reaches = (keys: KeyOf[]): boolean =>
        usedOutsideJoin(join.select, join.node, keys[0]!.alias, ctx.state, { beyondWhere: true });
      const profile = await profileOfJoin(ctx, join);
      const losses: Loss[] = [
        { from: left, to: right, facts: profile.left, sampleEvery: profile.sampleEvery },
        { from: right, to: left, facts: profile.right, sampleEvery: profile.sampleEvery },
      ];
      // A join in one branch of a UNION: the keys it drops may be output by the other branches.
      const covers = new Map<Loss, BranchCover>();
      for (const l of losses)
        if (l.facts.lostRows > 0 && l.sampleEvery === 1) {
          const cover = await branchCover(ctx, sql.statement, join, l.from, l.to);
          if (cover) covers.set(l, cover);
        }
      const supplied = (l: Loss): boolean => covers.get(l)?.missing === 0;
      const marks: { at: number; condition?: string; loss: Loss }[] = [];
      let releasesSaid = false;
      let listsSaid = false;
      // One answer for both sides of the join: the query behind it reads both key columns.
      let idForm: Promise<boolean> | undefined;
      for (const loss of losses) {
        if (loss.facts.lostRows === 0) continue;
        if (!reaches(loss.from) && reaches(loss.to)) continue;
        const condition = loss === losses[0] ? made.left : made.right;
        if (!inner && condition === undefined) continue;
        marks.push({ at: out.length, condition, loss });
        const partnerLoss = losses.find((l) => l !== loss)!;
        if (supplied(loss)) {
          out.push(await describeLoss(ctx, join.joinType, loss, "supplied"));
          continue;
        }
        // The other side's dropped keys are all output by other branches: this side is looked up
        // for every key of the other the union holds, and its unused rows add nothing to it.
        // Or most of them, the rest said on their own (the other side's finding lists them): the
        // branches are alternative lookups of the other side's keys (held-out HO-09: names found by
        // full name, short name or alias; three found by none).
        const partnerCover = covers.get(partnerLoss);
        if (
          supplied(partnerLoss) ||
          (partnerCover !== undefined &&
            partnerCover.missing * 2 <= partnerLoss.facts.lostKeys &&
            loss.facts.lostRows > 0.5 * loss.facts.kept)
        ) {
          out.push(
            await describeLoss(ctx, join.joinType, loss, "branchLookup", {
              unsupplied: partnerCover?.missing ?? 0,
            }),
          );
          continue;
        }
        const otherSideComplete =
          losses.length === 2 && losses.every((l) => l === loss || l.facts.lostRows === 0);
        // A lookup table: every row of the other side found its key here, and either most of this
        // side is unused or this side has one row per key while the other repeats keys (a dimension
        // of facts). Its unused rows carry no facts; two tables of one row per key each (a year's
        // rainfall and a year's yield) are not lookups, and a year one lacks is a loss.
        const other = losses.find((l) => l !== loss)?.facts;
        // Or the query's WHERE picks a few rows of the other side (one country's year) and each
        // finds its key here: this side is looked up for them, and rows no row of the other side
        // refers to at all — more than the query reads there — are not its subject (held-out
        // GS-03: six unused footnotes of a footnote table joined to Moldova's 2015 row).
        const picked = async (): Promise<boolean> =>
          other !== undefined &&
          loss.facts.maxPerKey <= 1 &&
          other.kept < loss.facts.lostRows &&
          (await filterFor(ctx.engine, join.select, loss.to[0]!.alias, ctx.state)) !== "TRUE";
        const lookup =
          otherSideComplete &&
          (loss.facts.lostRows > 0.5 * loss.facts.kept ||
            (loss.facts.maxPerKey <= 1 && (other?.maxPerKey ?? 1) > 1) ||
            (await picked()));
        // A reference of one row per key that the other side, a short list, barely uses: the
        // list's ids looked up in it (held-out HL-08: 17 winners looked up among 12,230 former
        // members). The list's own unmatched rows are the other side's finding, made on their own.
        const reference =
          !lookup &&
          other !== undefined &&
          loss.facts.maxPerKey <= 1 &&
          loss.facts.lostRows > REFERENCE_UNUSED * (loss.facts.kept - loss.facts.lostRows) &&
          other.kept * REFERENCE_UNUSED < loss.facts.kept &&
          !onTimeAxis(loss);
        if (reference) {
          out.push(await describeLoss(ctx, join.joinType, loss, "reference"));
          continue;
        }
        const ends = !lookup && (await onlyAtTheEnds(ctx, join, loss));
        if (lookup || ends) {
          out.push(await describeLoss(ctx, join.joinType, loss, lookup ? "lookup" : "ends"));
          continue;
        }
        // Only rows labelled as totals ('All', 'Total') have no partner: the join removes the totals
        // from a table of entities, which is what a per-entity answer needs.
        if (onlyTotals(loss)) {
          out.push(await describeLoss(ctx, join.joinType, loss, "totals"));
          continue;
        }
        const spans = await spansOf(ctx, join, loss);
        if (spans && spans.gaps === 0) {
          out.push(await describeLoss(ctx, join.joinType, loss, "overlap", { spans }));
          continue;
        }
        // Two dated series, each missing a few dates the other has (trading days, observation
        // days): the join compares them on the dates both have. A date one side lacks while the
        // other lacks none is a gap, and stays a warning.
        const calendars =
          spans &&
          (await twoCalendars(
            ctx,
            join,
            loss,
            losses.find((l) => l !== loss)!,
          ));
        if (spans && calendars) {
          out.push(await describeLoss(ctx, join.joinType, loss, "calendars", { spans, calendars }));
          continue;
        }
        // The other side is a list its own WHERE selected by key, and that WHERE rejects every
        // dropped key: the join applies the analyst's restriction.
        const restriction = await restrictionOf(
          ctx,
          join,
          loss.from,
          loss.to,
          loss.facts.lostKeys,
          loss.sampleEvery,
        );
        if (restriction) {
          out.push(await describeLoss(ctx, join.joinType, loss, "restricted", { restriction }));
          continue;
        }
        // Losses said before in this session: the same tables joined on the same keys dropping the
        // same rows again (a listing after the answer query) is not news.
        const key = lossKey(loss);
        if (saidEarlier(ctx.state, joinRowLossDoc.code, key, ctx.callOrder)) {
          out.push(await describeLoss(ctx, join.joinType, loss, "again"));
          continue;
        }
        const listing = await listedEarlier(ctx, join, loss, String(args.output ?? ""));
        if (listing) {
          out.push(await describeLoss(ctx, join.joinType, loss, "listed", { listing }));
          continue;
        }
        const accounted = await accountedEarlier(ctx, join, loss, String(args.output ?? ""));
        if (accounted) {
          out.push(await describeLoss(ctx, join.joinType, loss, "accounted", { accounted }));
          continue;
        }
        // Two lists that overlap: each side keeps text keys the other lacks, and none is spelled
        // like one the other side lacks — the join keeps the keys both hold (countries having both
        // values). A side that loses most of its rows stays a warning.
        let alike: SpelledAlike[] = [];
        const lists =
          inner && loss.sampleEvery === 1 ? await twoLists(ctx, join, (pairs) => (alike = pairs)) : undefined;
        let [mine, theirs] = loss === losses[0] ? [lists?.left, lists?.right] : [lists?.right, lists?.left];
        // Ids of one register on both sides (oneIdForm), each side mostly without a partner: two
        // lists that cover different parts of the register, compared on the ids both hold (a
        // state's dams beside a national release). A list mostly found in the other cuts that one
        // down instead (held-out GR-10's incumbents beside the final release).
        const partner = losses.find((l) => l !== loss)!;
        const mostly = (l: Loss): boolean => l.facts.lostRows > 0.5 * l.facts.kept;
        const register =
          inner &&
          mostly(loss) &&
          mostly(partner) &&
          alike.length === 0 &&
          (await (idForm ??= oneIdForm(ctx, join)));
        const side = async (l: Loss): Promise<ListSide> => ({
          kept: l.facts.kept,
          lostRows: l.facts.lostRows,
          lostKeys: l.facts.lostKeys,
          filter: await filterFor(ctx.engine, join.select, l.from[0]!.alias, ctx.state),
        });
        if (register && lists === undefined) [mine, theirs] = [await side(loss), await side(partner)];
        // Two releases of one table (two files sharing most columns) joined on the same key
        // column, each losing a minority of its rows to entries the other lacks: the join compares
        // the entries both releases hold — added and removed ones have nothing to compare with
        // (held-out HK-03: gender changes between MoMA's March and May exports, 5 ids removed
        // and 75 added; HL-10: party changes between two roster snapshots). Keys on a time axis
        // are series, where a period one side lacks is a gap (spansOf, onTimeAxis, above).
        // The first side's finding gave both sides' figures: the other side's loss is that one.
        if (releasesSaid) continue;
        if (
          inner &&
          lists === undefined &&
          !register &&
          alike.length === 0 &&
          spans === undefined &&
          !onTimeAxis(loss) &&
          partner.facts.lostRows > 0 &&
          !mostly(loss) &&
          !mostly(partner) &&
          releasesOfOneTable(loss)
        ) {
          releasesSaid = true;
          out.push(
            await describeLoss(ctx, join.joinType, loss, "releases", {
              lists: { mine: await side(loss), theirs: await side(partner) },
            }),
          );
          continue;
        }
        // Two tables of one layout read from two files, the other side all but wholly found here (an
        // older release inside a newer one), are compared on the keys both hold: a side losing most
        // of its rows is the newer release's new entries, not keys of another form (held-out GR-10:
        // 614 of 619 mid-cycle candidates found, 1,602 of the final release's 2,216 new). Two
        // rankings of one layout that share few keys are no such pair. The first side's finding
        // already gives both figures.
        const versions =
          theirs !== undefined &&
          theirs.lostRows <= NEARLY_ALL_FOUND * theirs.kept &&
          sameLayout(loss.from[0]!.table, loss.to[0]!.table);
        if (mine && theirs && versions && listsSaid) continue;
        // Keys of one kind on both sides (most of each side's names end in 'Grand Prix'): a side
        // mostly without a partner is no sign of keys of two forms — the lists overlap little
        // (held-out IF-01: a provisional calendar of 22 races, 9 of them run in the year).
        const oneKind = (lists?.kind.length ?? 0) > 0;
        // Many keys matched on both sides say both write their keys in one form: a side mostly
        // without a partner is then a list that overlaps the other little, not keys of two forms
        // (held-out JN-03: 46 lifters at both Games, of 194 at one and 122 at the other). Keys of
        // two forms ('CA' / 'California') match none, or a few by chance.
        const matchedMany =
          mine !== undefined &&
          theirs !== undefined &&
          [mine, theirs].every(
            (l) => l.kept - l.lostRows >= MATCHED_MANY && l.kept - l.lostRows >= MATCHED_SHARE * l.kept,
          );
        // Or a few names of several words matched exactly (9 players of two top-32 rankings, held-out
        // KI-04): keys of two forms ('Taylor, Phil' / 'phil taylor') match no such name by chance.
        const namesMatched = (lists?.namesMatched ?? 0) >= NAMES_MATCHED;
        if (
          mine &&
          theirs &&
          (mine.lostRows <= 0.5 * mine.kept || versions || register || oneKind || matchedMany || namesMatched)
        ) {
          listsSaid = true;
          out.push(await describeLoss(ctx, join.joinType, loss, "lists", { lists: { mine, theirs } }));
          continue;
        }
        noteSaid(ctx.state, joinRowLossDoc.code, key, ctx.callOrder);
        // The other side read only some of its file's tables: the partners may be in the others.
        const unread = unreadTables(loss.to[0]!.table, ctx.state, ctx.entry);
        const filtered = await filteredLoss(ctx, join, loss.from, loss.to, loss.sampleEvery);
        const warning = {
          ...(await describeLoss(ctx, join.joinType, loss, "loss", { spans, filtered })),
          ...(inner
            ? await keptJoin(
                ctx.engine,
                sql.statement,
                ctx.state,
                join,
                loss.from[0]!.alias,
                tableLabel(loss.from[0]!.table),
                // No gap inside a series (nor keys on a time axis spansOf does not measure), no key
                // spelled alike, no table of the other side's file left unread, and a minority of
                // the side lost (most of a side without a partner suggests keys of two forms): the
                // partner is not there to be had.
                spans === undefined &&
                  !onTimeAxis(loss) &&
                  alike.length === 0 &&
                  unread === undefined &&
                  loss.facts.lostRows <= 0.5 * loss.facts.kept,
              )
            : {}),
        };
        const cover = covers.get(loss);
        if (cover) {
          // Said once per statement: the branches that drop the same unsupplied keys repeat it.
          const said = unsupplied.get(sql.statement) ?? new Set<string>();
          unsupplied.set(sql.statement, said);
          const keys = cover.examples.join(", ");
          warning.message += ` ${cover.missing} of these key value(s) no branch of the UNION around this join outputs: ${keys}${cover.missing > cover.examples.length ? ", …" : ""}; the other branches output the rest.`;
          if (said.has(keys)) {
            warning.severity = "info";
            warning.message += " (As said for another branch of this UNION.)";
            delete warning.effect;
            delete warning.remedy;
          }
          said.add(keys);
        }
        if (alike.length > 0) warning.message += ` ${spelledAlike(alike, loss === losses[0])}`;
        if (unread)
          warning.message += ` ${tableLabel(loss.to[0]!.table)} reads ${unread.read} of the ${unread.tables} tables of ${unread.path}: the keys it lacks may be in the others.`;
        out.push(warning);
      }
      if (!inner)
        marks.forEach((mark, i) => {
          const end = marks[i + 1]?.at ?? out.length;
          const mine = tableLabel(mark.loss.from[0]!.table);
          const other = mark.loss.to[0]!.alias;
          for (const d of out.slice(mark.at, end))
            d.message =
              `WHERE ${mark.condition} reads only ${other}, which the ${join.joinType.toLowerCase()} join fills with NULL for the rows of ${mine} it finds no match for, so the WHERE drops those rows again: for them the join is an inner join (move the condition into the ON clause, or into a subquery of ${other}, to keep them). ` +
              d.message;
        });
    }
    return out;
  },
});

/** Unsupplied key lists already reported per statement (a UNION's branches dropping the same keys). */
const unsupplied = new WeakMap<object, Set<string>>();

/** How many times the rows a reference table leaves unused outnumber those it gives, and its rows the other side's. */
const REFERENCE_UNUSED = 10;

/** Rows each side of two lists must have matched (and their share of its kept rows) for the keys to be of one form. */
const MATCHED_MANY = 10;
/** Keys of several words matched exactly that say both sides write their keys in one form. */
const NAMES_MATCHED = 3;
const MATCHED_SHARE = 0.1;

/** The share of its rows a release may lack in the next and still be all but wholly found there. */
const NEARLY_ALL_FOUND = 0.05;

/** The file a table was read from (a Scan, or a Bash table of one file's lines). */
function fileOf(t: TableInfo): string | undefined {
  return t.provenance.kind === "scan" || t.provenance.kind === "bash"
    ? t.provenance.files[0]?.path
    : undefined;
}

/** Two tables read from two files whose columns are the same, in the same order (three or more). */
function sameLayout(a: TableInfo, b: TableInfo): boolean {
  const fa = fileOf(a);
  const fb = fileOf(b);
  if (!fa || !fb || fa === fb || a.schema.length < 3 || a.schema.length !== b.schema.length) return false;
  // Columns named by position (`column0`…, header-less files) say nothing of what they hold: their
  // kinds must agree too (numbers, text, times: a count typed BIGINT in one release and DOUBLE in
  // the other is alike).
  const kind = (type: string): string =>
    isNumericType(type) ? "number" : /DATE|TIME/i.test(type) ? "time" : type.toUpperCase();
  return a.schema.every((c, i) => {
    const d = b.schema[i]!;
    return (
      c.name.toLowerCase() === d.name.toLowerCase() &&
      (!/^column\d+$/.test(c.name) || kind(c.type) === kind(d.type))
    );
  });
}

/** Share of the narrower table's columns two releases of one table must both have (by name). */
const RELEASE_SHARED = 0.7;

/**
 * Whether a loss's two sides are releases of one table: read from two files, sharing most columns
 * by name (a release may rename or add a few: MoMA's `Code` became `Gender`), joined on key
 * columns of the same names.
 */
function releasesOfOneTable(loss: Loss): boolean {
  const [a, b] = [loss.from[0]!.table, loss.to[0]!.table];
  const [fa, fb] = [fileOf(a), fileOf(b)];
  if (!fa || !fb || fa === fb) return false;
  const names = (t: TableInfo): Set<string> =>
    new Set(t.schema.map((c) => c.name.toLowerCase()).filter((n) => n !== "rowid" && !/^column\d+$/.test(n)));
  const [na, nb] = [names(a), names(b)];
  const shared = [...na].filter((n) => nb.has(n)).length;
  if (shared < 3 || shared < RELEASE_SHARED * Math.min(na.size, nb.size)) return false;
  return loss.from.every((k, i) => {
    const other = loss.to[i]?.column;
    return k.column !== undefined && other !== undefined && k.column.toLowerCase() === other.toLowerCase();
  });
}

/** The same tables, keys and lost rows: the same loss. */
function lossKey(loss: Loss): string {
  const side = (keys: KeyOf[]): string => `${tableId(keys[0]!.table)}:${keys.map((k) => k.sql).join(",")}`;
  return `${side(loss.from)}|${side(loss.to)}|${loss.facts.kept}|${loss.facts.lostRows}|${loss.facts.lostKeys}|${loss.sampleEvery}`;
}

/** The dropped keys spelled like keys the other side lacks, this side's first: a join that may miss its own partners. */
function spelledAlike(pairs: SpelledAlike[], leftFirst: boolean): string {
  const key = (k: unknown[]): string => k.map((v) => literal(v, "VARCHAR")).join("/");
  const shown = pairs.map((p) => (leftFirst ? [p.mine, p.theirs] : [p.theirs, p.mine]).map(key).join(" / "));
  return `Keys each side lacks that are spelled alike and may name the same thing: ${shown.join(", ")}.`;
}
