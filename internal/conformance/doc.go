// Package conformance holds tests only: they run the official MCP
// conformance suite's client scenarios against the real toolbench binary,
// through scripts/conformance-client, and read the suite's verdicts from the
// checks.json it writes for each scenario. Nothing imports it.
package conformance
