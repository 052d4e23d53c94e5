// Package inspect is the commands that look at a server's tools without
// calling them: info (what the server says of itself), tools (the
// listing), schema (a tool's schema, its form, or a provider's view of it)
// and lint (every schema judged by the design guides' rules).
package inspect
