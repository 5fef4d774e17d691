// Anonymous page views over real HTTP insert no session rows (issue 15 item 9): a visitor who is not logged
// in may look at every public page as often as they like without growing the session table; starting a
// login stores exactly one. Runs over the production build (`npm run test:bygg`).
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { type StartedServer, startServer } from "../../server/index";

function ledigPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

describe("anonyme sidevisninger", () => {
  const mappe = path.resolve(".cache/drift-anonyme");
  let server: StartedServer;
  let base: string;

  beforeAll(async () => {
    rmSync(mappe, { recursive: true, force: true });
    const port = await ledigPort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: path.join(mappe, "pglite"),
      NODE_ENV: "production",
      DEMO_MODE: "true",
      SESSION_SECRET: "drift-anonyme-besoek-0123456789abcdef",
    };
    for (const k of ["DATABASE_URL", "IMPORT_API_URL", "OIDC_ISSUER", "SMTP_URL"]) delete env[k];
    server = await startServer(loadConfig(env));
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    rmSync(mappe, { recursive: true, force: true });
  });

  const sesjoner = async () =>
    Number(
      (
        await server.database.db
          .selectFrom("sesjon")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("public pages, with and without the cookie they hand out, insert no session rows", async () => {
    const foer = await sesjoner();
    const sider = [
      "/logg-inn",
      "/",
      "/nyttig-info",
      "/informasjonskapsler",
      "/tilgjengelighetserklaering",
      "/finnes-ikke",
    ];
    let cookie: string | undefined;
    for (let runde = 0; runde < 5; runde++) {
      for (const side of sider) {
        // A new visitor every time (no cookie), and one who keeps the cookie it was given.
        const uten = await fetch(`${base}${side}`, { redirect: "manual" });
        expect(uten.status, side).toBeLessThan(500);
        await uten.arrayBuffer();
        const med = await fetch(`${base}${side}`, {
          redirect: "manual",
          headers: cookie ? { Cookie: cookie } : {},
        });
        cookie ??= med.headers.get("set-cookie")?.split(";")[0];
        await med.arrayBuffer();
      }
    }
    expect(cookie).toBeDefined();
    expect(await sesjoner()).toBe(foer);
  });

  it("starting a login stores one session", async () => {
    const foer = await sesjoner();
    const svar = await fetch(`${base}/oauth2/authorization/idporten?returnTo=%2Fsertifikater`, {
      redirect: "manual",
    });
    expect(svar.status).toBeGreaterThanOrEqual(300);
    expect(svar.status).toBeLessThan(400);
    expect(await sesjoner()).toBe(foer + 1);
  });
});
