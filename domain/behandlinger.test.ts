import { describe, expect, it } from "vitest";
import { harSammeBehandlinger } from "./behandlinger";

const linje = (...beskrivelser: Array<string | undefined>) => ({
  behandlinger: beskrivelser.map((beskrivelse) => ({ beskrivelse })),
});

describe("harSammeBehandlinger", () => {
  it.each([
    ["one line with one treatment", [linje("Varmebehandling")], true],
    [
      "identical lines",
      [linje("Varme", "Kjemisk"), linje("Varme", "Kjemisk"), linje("Varme", "Kjemisk")],
      true,
    ],
    ["spaces around a description do not matter", [linje("Varme"), linje(" Varme ")], true],
    ["missing and empty descriptions are alike", [linje(undefined), linje("")], true],
    ["no lines", [], false],
    ["a line without treatments", [linje("Varme"), linje()], false],
    ["the first line without treatments", [linje(), linje("Varme"), linje("Varme")], false],
    ["all lines without treatments", [linje(), linje()], false],
    ["a different description", [linje("Varme"), linje("Kulde")], false],
    ["same descriptions in another order", [linje("A", "B"), linje("B", "A")], false],
    ["fewer treatments on a later line", [linje("A", "B"), linje("A")], false],
    ["more treatments on a later line", [linje("A"), linje("A", "B")], false],
    ["case matters", [linje("varme"), linje("Varme")], false],
  ])("%s → %s", (_navn, varelinjer, ut) => {
    expect(harSammeBehandlinger(varelinjer)).toBe(ut);
  });
});
