// Command toolbench is a terminal workbench for the tools of any MCP server:
// connect, list, call, and judge results and schemas. Run `toolbench --help`.
package main

import (
	"context"
	"os"
)

// version is stamped at release time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	f := newFactory(systemStreams())
	f.Signals, f.Exit = notifySignals(), os.Exit
	os.Exit(run(context.Background(), os.Args[1:], f))
}
