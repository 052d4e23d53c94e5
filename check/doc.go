// Package check judges what a server sends: tool results against their
// output schemas, and (later) tool schemas against the lint rules. It is
// pure: schemas and values in, findings out.
package check
