// Command toolbench is a terminal workbench for the tools of any MCP server:
// connect, list, call, and judge results and schemas. Run `toolbench --help`.
package main

import (
	"os"

	"github.com/toolbench/toolbench/cli/root"
)

func main() {
	os.Exit(root.Main(os.Args[1:]))
}
