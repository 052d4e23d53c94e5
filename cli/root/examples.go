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
