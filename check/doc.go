// Package check judges what a server sends: tool results against their
// output schemas (Output, Result), tool schemas against the design rules of
// the seed guides (Lint), and tools against other providers' tool formats
// (Compat, Convert). It is pure: schemas and values in, findings out.
package check
