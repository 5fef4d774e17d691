// Query plans of what the API runs (issue 13 goal 1, ADR 021): a Kysely plugin records every read query the
// API compiles, and `sekvensielleSkann` runs EXPLAIN on each and names the sequential scans of tables with
// more than a given number of rows. Used by the plan test (api/lister.test.ts) and `npm run bench -- --plans`.
import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from "kysely";
import type { Db } from "../db";

export class SpoerringOpptak implements KyselyPlugin {
  readonly spoerringer: CompiledQuery[] = [];
  /**
   * Compiled, not yet run. A query built into another (a branch of a union, a lateral subquery) is compiled on
   * its own too, but never run: only what runs is recorded, so a branch is not counted twice and a subquery
   * that refers to its outer query is not explained alone.
   */
  private readonly kompilert = new Map<string, CompiledQuery>();
  /** The database the queries are compiled for (set before the API is used). */
  db: Db | undefined;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const { node } = args;
    if (this.db && (node.kind === "SelectQueryNode" || node.kind === "RawNode")) {
      const q = this.db.getExecutor().compileQuery(node, args.queryId);
      if (/^\s*(\(|select|with)/i.test(q.sql)) this.kompilert.set(args.queryId.queryId, q);
    }
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const q = this.kompilert.get(args.queryId.queryId);
    if (q) this.spoerringer.push(q);
    return args.result;
  }

  /** The recorded queries, emptied. */
  tom(): CompiledQuery[] {
    this.kompilert.clear();
    return this.spoerringer.splice(0);
  }
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

function noder(p: PlanNode): PlanNode[] {
  return [p, ...(p.Plans ?? []).flatMap(noder)];
}

/** The tables with more than `minRader` rows (by the planner's statistics; run ANALYZE first). */
export async function storeTabeller(db: Db, minRader: number): Promise<Set<string>> {
  const { rows } = await sql<{ relname: string }>`select relname from pg_class
    where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples > ${minRader}`.execute(db);
  return new Set(rows.map((r) => r.relname));
}

/** EXPLAIN of one query: its plan as text lines and the large tables it reads by a sequential scan. */
export async function planFor(
  db: Db,
  q: CompiledQuery,
  store: ReadonlySet<string>,
): Promise<{ plan: string; skann: string[] }> {
  const json = await db.executeQuery(CompiledQuery.raw(`explain (format json) ${q.sql}`, [...q.parameters]));
  const rad = json.rows[0] as { "QUERY PLAN": unknown };
  const plan = (
    typeof rad["QUERY PLAN"] === "string" ? JSON.parse(rad["QUERY PLAN"]) : rad["QUERY PLAN"]
  ) as { Plan: PlanNode }[];
  const skann = noder(plan[0]!.Plan)
    .filter((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] && store.has(n["Relation Name"]))
    .map((n) => n["Relation Name"] as string);
  const tekst = await db.executeQuery(CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]));
  return {
    plan: tekst.rows.map((r) => String((r as Record<string, unknown>)["QUERY PLAN"])).join("\n"),
    skann,
  };
}

interface AnalysertNode {
  "Node Type"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  "Heap Fetches"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: AnalysertNode[];
}

const SKANN = /Scan$/;

/** The rows a plan's scans read: what they returned and what their filters threw away, and heap fetches. */
function raderLest(n: AnalysertNode): number {
  const loops = n["Actual Loops"] ?? 1;
  const her =
    SKANN.test(n["Node Type"] ?? "") &&
    !/^(CTE|Subquery|Function|Values|WorkTable) Scan$/.test(n["Node Type"] ?? "")
      ? ((n["Actual Rows"] ?? 0) +
          (n["Rows Removed by Filter"] ?? 0) +
          (n["Rows Removed by Index Recheck"] ?? 0)) *
          loops +
        (n["Heap Fetches"] ?? 0)
      : 0;
  return her + (n.Plans ?? []).reduce((sum, p) => sum + raderLest(p), 0);
}

/**
 * What one query costs the database, by EXPLAIN (ANALYZE, BUFFERS): the shared buffers it touches (pages found
 * in PostgreSQL's cache or read into it) and the rows its scans read (returned or filtered out, and the table
 * visits of index-only scans). Both are the same on a busy machine as on an idle one, so a ratio of two is
 * noise-free; the rows are the work, the buffers also count each index probe's walk from the root. The query is
 * run once more for it (read queries only: SpoerringOpptak records nothing else).
 */
export async function kostnadFor(db: Db, q: CompiledQuery): Promise<{ blokker: number; rader: number }> {
  const json = await db.executeQuery(
    CompiledQuery.raw(`explain (analyze, buffers, format json) ${q.sql}`, [...q.parameters]),
  );
  const rad = json.rows[0] as { "QUERY PLAN": unknown };
  const plan = (
    typeof rad["QUERY PLAN"] === "string" ? JSON.parse(rad["QUERY PLAN"]) : rad["QUERY PLAN"]
  ) as { Plan: AnalysertNode }[];
  const p = plan[0]?.Plan ?? {};
  return { blokker: (p["Shared Hit Blocks"] ?? 0) + (p["Shared Read Blocks"] ?? 0), rader: raderLest(p) };
}
