// Package jsondoc is toolbench's one reading of JSON documents: a parsed
// value keeps what encoding/json forgets (the order of object keys, the
// exact text of numbers, each value's own bytes and its JSON pointer in the
// document), can be built and edited and written back in order, and
// resolves RFC 6901 pointers. It also holds the JSON Schema keyword tables
// that say which keywords hold subschemas.
//
// schemaform compiles forms from it, lint judges schemas through it, the
// provider conversions build their output with it, and probe and ui/form
// use its pointers.
package jsondoc
