// Package schemaform turns a tool's JSON Schema into a tree of form nodes and
// back into exact JSON, and validates values against the schema. It is pure
// Go: it imports no MCP library, no terminal library and nothing else of
// toolbench, so it can be tested exhaustively without either.
package schemaform
