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

const exampleCall = `  # Arguments as JSON, or one at a time (typed by the inputSchema)
  toolbench call echo --args '{"message":"hi"}' -- npx -y @modelcontextprotocol/server-everything
  toolbench call get-sum --arg a=1 --arg b=2 http://127.0.0.1:3001/mcp
  # A server from your config, with the result as JSON for a script
  toolbench call search_repositories --arg query=toolbench --json github
  # A server that needs a secret and more time; send arguments the schema refuses
  toolbench call read_graph --args '{}' -e MEMORY_FILE_PATH=/tmp/memory.json --timeout 2m -- node dist/index.js
  toolbench call echo --args '{"message":1}' --no-validate github
  # Answer the server's questions mid-call, and save the arguments for next time
  toolbench call trigger-elicitation-request --elicit accept-defaults --save-preset usual http://127.0.0.1:3001/mcp`

const exampleProbe = `  toolbench probe -- npx -y @modelcontextprotocol/server-everything
  toolbench probe --tool echo --max-cases 4 http://127.0.0.1:3001/mcp
  # Fail on warnings; call tools that are not read-only too
  toolbench probe --strict --allow-destructive --json github`

const exampleTest = `  # Run a collection of saved calls as tests
  toolbench test calls.json -- npx -y @modelcontextprotocol/server-everything
  toolbench test calls.json --junit report.xml http://127.0.0.1:3001/mcp
  # Accept what the calls return now as the expected results
  toolbench test calls.json --update github`

const exampleVersion = `  toolbench version`

const exampleCompletion = `  # Load completions in this shell, or for every new one
  source <(toolbench completion bash)
  toolbench completion zsh > "${fpath[1]}/_toolbench"
  toolbench completion fish > ~/.config/fish/completions/toolbench.fish`

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
