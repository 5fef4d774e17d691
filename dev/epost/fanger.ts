// The development mail catcher (issue 10 item 4): an SMTP server on a local port that keeps every message
// it receives in the database (epost_fanget) and shows them under /dev/epost, so a new user sees the alerts
// arrive without a real mail server. Started by the sender role (server/sender.ts) in embedded mode only (no SMTP_URL); refused in
// production like the other stand-ins (config.ts, docs/decisions/009 and 012). The page can stop and start
// the SMTP server, which breaks SMTP for real (connections are refused) for trying the health banner.
import type { AddressInfo } from "node:net";
import express, { type Router } from "express";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Db } from "../../db";
import { formaterDatoTid } from "../../domain/format";

export interface EpostFanger {
  /** The port the SMTP server listens on (kept across stop and start). */
  port: number;
  /** smtp://127.0.0.1:port, for the sender. */
  smtpUrl: string;
  /** Whether the SMTP server accepts connections now. */
  tarImot(): boolean;
  /** Stops accepting connections on behalf of `eier`; it accepts again when every holder has started it. */
  stopp(eier?: string): Promise<void>;
  start(eier?: string): Promise<void>;
  /** The pages: GET / (list), GET /:id (one message), POST /smtp (stop or start). Mount under /dev/epost. */
  router: Router;
  close(): Promise<void>;
}

export const FANGER_STI = "/dev/epost";

const esc = (s: string | null | undefined) =>
  (s ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** Escaped text with its http(s) addresses as links. */
function medLenker(tekst: string): string {
  return esc(tekst).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * Enough style for readable pages with touch targets of at least 24 px (WCAG 2.2 target size), and no sideways
 * scrolling at 320 px (issue 36 item 9): the table's columns share the width and long addresses, subjects and
 * links wrap anywhere.
 */
const STIL = `body { font-family: system-ui, sans-serif; line-height: 1.5; max-width: 60rem; margin: 1rem auto; padding: 0 1rem; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
caption { text-align: left; font-weight: bold; padding: 0.5rem 0; }
th, td { text-align: left; vertical-align: top; padding: 0.5rem 0.25rem; border-bottom: 1px solid #c8c8c8; }
dd { margin-left: 1rem; }
a { display: inline-block; min-height: 24px; padding: 2px 0; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f4f4; padding: 1rem; }
button { font: inherit; padding: 0.5rem 1rem; }
dt { font-weight: bold; }
`;

function side(tittel: string, innhold: string): string {
  return [
    "<!doctype html>",
    '<html lang="nb">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(tittel)} – e-postfangeren (utvikling)</title>`,
    `<link rel="stylesheet" href="${FANGER_STI}/stil.css">`,
    "</head>",
    "<body>",
    innhold,
    "</body>",
    "</html>",
  ].join("\n");
}

/** The e-mail's language on what shows its text (WCAG 3.1.2): the catcher's pages are bokmål. */
const langAttr = (sprak: string | null) => (sprak && /^[a-z]{2}$/.test(sprak) ? ` lang="${sprak}"` : "");

export async function startEpostFanger(opts: {
  db: Db;
  port?: number;
  host?: string;
  /**
   * Holds each message this long before accepting it, like a slow relay (the production-shape test stops a
   * sender mid-send with it). A message whose connection ends before it is accepted is not kept, as SMTP says.
   */
  forsinkelseMs?: number;
}): Promise<EpostFanger> {
  const { db } = opts;
  const lukkedeOekter = new Set<string>();
  const host = opts.host ?? "127.0.0.1";
  let port = opts.port ?? 0;
  let server: SMTPServer | undefined;
  const stoppetAv = new Set<string>();

  const lagServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      banner: "E-postfangeren for Digital forhåndsmelding (utvikling)",
      size: 10 * 1024 * 1024,
      closeTimeout: 1000,
      // Only local clients: no reverse DNS lookup per connection (it costs ~100 ms).
      disableReverseLookup: true,
      onClose(session) {
        if (opts.forsinkelseMs) lukkedeOekter.add(session.id);
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then(async (mail) => {
            if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
              throw Object.assign(new Error("Meldingen er for stor"), { responseCode: 552 });
            }
            if (opts.forsinkelseMs) {
              await new Promise((r) => setTimeout(r, opts.forsinkelseMs));
              if (lukkedeOekter.delete(session.id)) return;
            }
            const html = typeof mail.html === "string" ? mail.html : null;
            const idempotens = mail.headers.get("x-idempotens-noekkel");
            const sprak = mail.headers.get("content-language");
            await db
              .insertInto("epost_fanget")
              .values({
                avsender: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
                mottakere: JSON.stringify(session.envelope.rcptTo.map((r) => r.address)),
                emne: mail.subject ?? null,
                tekst: mail.text ?? null,
                html,
                melding_id: mail.messageId ?? null,
                idempotens: typeof idempotens === "string" ? idempotens : null,
                sprak: typeof sprak === "string" ? sprak : null,
              })
              .execute();
          })
          .then(
            () => callback(),
            (e: Error) => callback(e),
          );
      },
    });

  async function lytt(): Promise<void> {
    const s = lagServer();
    s.on("error", (e) => console.error("E-postfangeren:", e.message));
    await new Promise<void>((resolve, reject) => {
      s.server.once("error", reject);
      s.listen(port, host, () => {
        s.server.off("error", reject);
        resolve();
      });
    });
    port = (s.server.address() as AddressInfo).port;
    server = s;
  }

  async function steng(): Promise<void> {
    const s = server;
    server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await lytt();

  const router = express.Router();
  router.use(express.urlencoded({ extended: false, limit: "10kb" }));

  router.get("/stil.css", (_req, res) => {
    res.type("text/css; charset=utf-8").set("Cache-Control", "max-age=3600").send(STIL);
  });

  router.get("/", async (_req, res, next) => {
    try {
      const meldinger = await db
        .selectFrom("epost_fanget")
        .select(["id", "mottatt", "mottakere", "emne", "sprak"])
        .orderBy("id", "desc")
        .limit(200)
        .execute();
      const status = server
        ? `<p>Tar imot e-post på <code>smtp://${esc(host)}:${port}</code>.</p>`
        : `<p><strong>Stoppet:</strong> tilkoblinger til <code>smtp://${esc(host)}:${port}</code> avvises, så utsending av e-post feiler.</p>`;
      const knapp = server
        ? '<button type="submit" name="handling" value="stopp">Stopp e-postfangeren</button>'
        : '<button type="submit" name="handling" value="start">Start e-postfangeren</button>';
      const liste =
        meldinger.length === 0
          ? "<p>Ingen e-post mottatt ennå.</p>"
          : [
              "<table>",
              `<caption>De siste ${meldinger.length} e-postene, nyeste først</caption>`,
              '<thead><tr><th scope="col">Mottatt</th><th scope="col">Til</th><th scope="col">Emne</th></tr></thead>',
              "<tbody>",
              ...meldinger.map(
                (m) =>
                  `<tr><td>${esc(formaterDatoTid(m.mottatt))}</td><td>${esc(m.mottakere.join(", "))}</td>` +
                  `<td><a href="${FANGER_STI}/${m.id}"${langAttr(m.sprak)}>${esc(m.emne || "(uten emne)")}</a></td></tr>`,
              ),
              "</tbody>",
              "</table>",
            ].join("\n");
      res
        .type("text/html; charset=utf-8")
        .set("Cache-Control", "no-store")
        .send(
          side(
            "Mottatt e-post",
            [
              "<main>",
              "<h1>E-postfangeren</h1>",
              "<p>Utviklingstjeneste: all e-post tjenesten sender, havner her. Ingen e-post går ut til mottakerne.</p>",
              status,
              `<form method="post" action="${FANGER_STI}/smtp">`,
              '<input type="hidden" name="eier" value="side">',
              knapp,
              "</form>",
              `<h2>Mottatt e-post (${meldinger.length})</h2>`,
              liste,
              "</main>",
            ].join("\n"),
          ),
        );
    } catch (e) {
      next(e);
    }
  });

  router.post("/smtp", async (req, res, next) => {
    try {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const eier =
        typeof body.eier === "string" && body.eier.trim() ? body.eier.trim().slice(0, 100) : "side";
      if (body.handling === "stopp") await fanger.stopp(eier);
      else if (body.handling === "start") await fanger.start(eier);
      else {
        res.status(400).type("text/plain; charset=utf-8").send("Ukjent handling: bruk stopp eller start.");
        return;
      }
      res.redirect(303, FANGER_STI);
    } catch (e) {
      next(e);
    }
  });

  router.get("/:id", async (req, res, next) => {
    try {
      const id = Number(req.params.id);
      const m = Number.isSafeInteger(id)
        ? await db.selectFrom("epost_fanget").selectAll().where("id", "=", id).executeTakeFirst()
        : undefined;
      if (!m) {
        res
          .status(404)
          .type("text/html; charset=utf-8")
          .send(
            side(
              "Fant ikke e-posten",
              `<main><h1>Fant ikke e-posten</h1><p><a href="${FANGER_STI}">Til alle mottatte e-poster</a></p></main>`,
            ),
          );
        return;
      }
      res
        .type("text/html; charset=utf-8")
        .set("Cache-Control", "no-store")
        .send(
          side(
            m.emne || "(uten emne)",
            [
              `<nav aria-label="Brødsmuler"><a href="${FANGER_STI}">Alle mottatte e-poster</a></nav>`,
              "<main>",
              `<h1${langAttr(m.sprak)}>${esc(m.emne || "(uten emne)")}</h1>`,
              "<dl>",
              `<dt>Fra</dt><dd>${esc(m.avsender)}</dd>`,
              `<dt>Til</dt><dd>${esc(m.mottakere.join(", "))}</dd>`,
              `<dt>Mottatt</dt><dd>${esc(formaterDatoTid(m.mottatt))}</dd>`,
              `<dt>Message-ID</dt><dd>${esc(m.melding_id)}</dd>`,
              m.idempotens ? `<dt>Idempotensnøkkel</dt><dd>${esc(m.idempotens)}</dd>` : "",
              m.sprak ? `<dt>Språk (Content-Language)</dt><dd>${esc(m.sprak)}</dd>` : "",
              "</dl>",
              "<h2>Tekstutgaven</h2>",
              `<pre${langAttr(m.sprak)}>${medLenker(m.tekst ?? "")}</pre>`,
              ...(m.html
                ? [
                    "<h2>HTML-utgaven</h2>",
                    `<p><a href="${FANGER_STI}/${m.id}/html">Vis HTML-utgaven av e-posten</a></p>`,
                  ]
                : []),
              "</main>",
            ].join("\n"),
          ),
        );
    } catch (e) {
      next(e);
    }
  });

  // The HTML version as its own document, as a mail program would show it: no scripts, no requests out.
  router.get("/:id/html", async (req, res, next) => {
    try {
      const id = Number(req.params.id);
      const m = Number.isSafeInteger(id)
        ? await db.selectFrom("epost_fanget").select("html").where("id", "=", id).executeTakeFirst()
        : undefined;
      if (!m?.html) {
        res.status(404).type("text/plain; charset=utf-8").send("Fant ikke HTML-utgaven av e-posten.");
        return;
      }
      res
        .set(
          "Content-Security-Policy",
          "default-src 'none'; img-src data:; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
        )
        .set("Cache-Control", "no-store")
        .type("text/html; charset=utf-8")
        .send(m.html);
    } catch (e) {
      next(e);
    }
  });

  const fanger: EpostFanger = {
    get port() {
      return port;
    },
    get smtpUrl() {
      return `smtp://${host}:${port}`;
    },
    tarImot: () => server !== undefined,
    async stopp(eier = "side") {
      stoppetAv.add(eier);
      await steng();
    },
    async start(eier = "side") {
      stoppetAv.delete(eier);
      if (stoppetAv.size === 0 && !server) await lytt();
    },
    router,
    async close() {
      stoppetAv.clear();
      await steng();
    },
  };
  return fanger;
}
