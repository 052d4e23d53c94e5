// Package recall is what the workbench remembers of a session: the
// history record of a call, the answers given during it for a saved
// test, and the snapshot its tools are compared with next time.
//
// It is plain data and functions: the root model hands it what happened
// and writes what it returns through the memory store. It imports no
// screen and not the root, so what is remembered can be tested without a
// terminal.
package recall
