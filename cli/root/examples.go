package root

import "github.com/spf13/cobra"

// The Examples sections of the commands' --help. Each command that names a
// server shows one over stdio, one over HTTP and one by its config name
// (github stands for a server of your Claude, Cursor or VS Code files),
// then the flags people reach for. TestEveryCommandHasExamples parses
// every line that runs toolbench against the command's own flags.

const exampleRoot = `  # Open the workbench on the built-in demo server
  toolbench demo
  # Open it on any server: a command, a URL or a name from your config
  toolbench connect -- npx -y @modelcontextprotocol/server-everything
  toolbench connect http://127.0.0.1:3001/mcp
  toolbench connect github
  # Script it
  toolbench call echo --arg message=hi -- npx -y @modelcontextprotocol/server-everything`

const exampleConnect = `  # A stdio server: everything after -- starts it
  toolbench connect -- npx -y @modelcontextprotocol/server-everything
  # A streamable HTTP server, with a token from the environment
  toolbench connect -H "Authorization: Bearer $TOKEN" http://127.0.0.1:3001/mcp
  # A server named in your Claude, Cursor or VS Code config
  toolbench connect github
  # Give a stdio server a variable and a directory, and ask for its logs
  toolbench connect -e MEMORY_FILE_PATH=/tmp/memory.json --cwd ./server --log-level info -- node dist/index.js
  # A slow server over SSE, or a modern (2026-07-28) one
  toolbench connect --timeout 2m sse http://127.0.0.1:3001/sse
  toolbench connect --protocol modern http://127.0.0.1:3001/mcp`

const exampleDemo = `  # Every feature of the workbench, with nothing else installed
  toolbench demo
  # With the demo server's log messages in the workbench's log
  toolbench demo --log-level info`

const exampleRead = `  toolbench read demo://resource/static/document/architecture.md -- npx -y @modelcontextprotocol/server-everything
  # Fill a template's variables; write a blob to a file
  toolbench read 'demo://resource/dynamic/blob/{resourceId}' --var resourceId=1 -o blob.bin http://127.0.0.1:3001/mcp
  toolbench read repo://toolbench/README.md --json github`

const examplePrompt = `  toolbench prompt simple-prompt -- npx -y @modelcontextprotocol/server-everything
  toolbench prompt args-prompt --arg city=Paris --arg state=IDF http://127.0.0.1:3001/mcp
  toolbench prompt summarize --json github`

const exampleTask = `  toolbench task get 7f3a -- npx -y @modelcontextprotocol/server-everything
  toolbench task result 7f3a --json http://127.0.0.1:3001/mcp
  toolbench task cancel 7f3a github`

const exampleVersion = `  toolbench version`

const exampleCompletion = `  # Load completions in this shell, or for every new one
  source <(toolbench completion bash)
  toolbench completion zsh > "${fpath[1]}/_toolbench"
  toolbench completion fish > ~/.config/fish/completions/toolbench.fish`

// exampleTaskOp is the Examples section of `task OP`.
func exampleTaskOp(op string) string {
	extra := ""
	if op == "result" {
		extra = " --elicit accept-defaults"
	}
	return "  toolbench task " + op + " 7f3a -- npx -y @modelcontextprotocol/server-everything\n" +
		"  toolbench task " + op + " 7f3a --json" + extra + " http://127.0.0.1:3001/mcp\n" +
		"  toolbench task " + op + " 7f3a github"
}

// completionExamples gives cobra's completion command and its one command
// per shell their Examples sections.
func completionExamples(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		c.Example = exampleCompletion
		for _, shell := range c.Commands() {
			shell.Example = "  toolbench completion " + shell.Name() + " > toolbench." + shell.Name() + "\n" +
				"  # Without the descriptions of flags and commands\n" +
				"  toolbench completion " + shell.Name() + " --no-descriptions > toolbench." + shell.Name()
		}
	}
}
