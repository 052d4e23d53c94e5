// Package demo is the MCP server toolbench ships as its demo (`toolbench
// demo`, and the `demo` target of every command), so that every feature can
// be tried with nothing else installed.
//
// New builds one mcp-go server whose tools cover the shapes toolbench has
// to cope with: exemplary schemas, awkward schemas (oneOf, $ref cycles,
// mixed-type enums), conforming, violating and missing structured output,
// progress, cancellation, errors and every content block type; its
// Instructions say which tool shows what. The test fixtures
// (internal/fixture) build their standard server on it.
//
// The JSON Schemas live in schemas/*.json so that other packages can read
// them as test data. Nothing here works at package initialisation: schemas
// are read and checked when New runs, media encoded on first use.
package demo
